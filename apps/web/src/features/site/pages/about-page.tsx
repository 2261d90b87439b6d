import { StaticContent } from '../components/static-content.tsx';

export function AboutPage() {
  return <StaticContent page="about" />;
}
