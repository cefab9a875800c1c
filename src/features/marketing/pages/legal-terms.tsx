import { LegalDocument } from '../components/legal-document';
import { usePageMeta } from '../components/page-meta';

export default function LegalTermsPage() {
  usePageMeta('terms');
  return <LegalDocument doc="terms" />;
}
