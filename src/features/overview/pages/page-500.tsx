import { ErrorView } from '../components/error-view';

export default function Page500() {
  return <ErrorView code={500} />;
}
