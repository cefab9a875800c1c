import { LegalDocument } from '../components/legal-document';
import { usePageMeta } from '../components/page-meta';

export default function LegalPrivacyPage() {
  usePageMeta('privacy');
  return <LegalDocument doc="privacy" />;
}
