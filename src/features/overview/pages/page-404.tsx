import { ErrorView } from '../components/error-view';

export default function Page404() {
  return <ErrorView code={404} />;
}
