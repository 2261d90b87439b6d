import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface PageProps {
  title: string;
  children: ReactNode;
  maxWidth?: 'sm' | 'md' | 'lg' | 'xl';
  /** Inside a layout that already provides the container (account settings): heading and body only. */
  bare?: boolean;
}

/** A page body with its heading; also sets the document title so each page is named for assistive tech and tabs. */
export function Page({ title, children, maxWidth = 'md', bare = false }: PageProps) {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `${title} | ${t('common:appName')}`;
  }, [title, t]);
  const body = (
    <>
      <Typography variant={bare ? 'h2' : 'h1'} component="h1" sx={{ mb: 3 }}>
        {title}
      </Typography>
      {children}
    </>
  );
  if (bare) return <Box>{body}</Box>;
  return (
    <Container maxWidth={maxWidth} sx={{ py: { xs: 3, md: 5 } }}>
      {body}
    </Container>
  );
}
