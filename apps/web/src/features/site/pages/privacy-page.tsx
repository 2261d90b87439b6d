import { StaticContent } from '../components/static-content.tsx';

export function PrivacyPage() {
  return <StaticContent page="privacy" />;
}
