import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../shared/ui/page.tsx';

interface Section {
  heading?: string;
  text: string;
}

/** A text page whose sections are an array in the `site` namespace (`site:<page>.sections`). */
export function StaticContent({ page }: { page: 'about' | 'terms' | 'privacy' }) {
  const { t } = useTranslation();
  const sections = t(`site:${page}.sections`, { returnObjects: true }) as unknown;
  const list: Section[] = Array.isArray(sections) ? (sections as Section[]) : [];
  return (
    <Page title={t(`site:${page}.title`)}>
      {page !== 'about' && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
          {t('site:legalUpdated')}
        </Typography>
      )}
      {list.map((section, i) => (
        <section key={i}>
          {section.heading && (
            <Typography variant="h3" component="h2" sx={{ mt: 3, mb: 1 }}>
              {section.heading}
            </Typography>
          )}
          <Typography sx={{ mb: 2 }}>{section.text}</Typography>
        </section>
      ))}
    </Page>
  );
}
