import { ErrorView } from '../components/error-view';

export default function Page403() {
  return <ErrorView code={403} />;
}
