import { NotFoundView } from '../components/not-found-view.tsx';

export function NotFoundPage() {
  return <NotFoundView />;
}
