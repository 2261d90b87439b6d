import { StaticContent } from '../components/static-content.tsx';

export function TermsPage() {
  return <StaticContent page="terms" />;
}
