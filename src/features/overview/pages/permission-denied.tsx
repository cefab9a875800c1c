import { ErrorView } from '../components/error-view';

export default function PermissionDeniedPage() {
  return <ErrorView code={403} inDashboard />;
}
