import { LegalDocument } from '../components/legal-document';
import { usePageMeta } from '../components/page-meta';

export default function LegalSlaPage() {
  usePageMeta('sla');
  return <LegalDocument doc="sla" />;
}
