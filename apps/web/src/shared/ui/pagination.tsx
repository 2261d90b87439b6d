import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { pageHref, pageSlots } from './pagination-model.ts';

interface PaginationProps {
  page: number;
  totalPages: number;
}

/**
 * Page links of a paged list: first, last, current and neighbours, ellipses for
 * gaps; previous and next are disabled at the ends. Links keep the search params.
 */
export function Pagination({ page, totalPages }: PaginationProps) {
  const { t } = useTranslation();
  const location = useLocation();
  if (totalPages <= 1) return null;
  const href = (p: number) => pageHref(location.pathname, location.search, p);
  const atStart = page <= 1;
  const atEnd = page >= totalPages;
  return (
    <Box component="nav" aria-label={t('common:pagination.label')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, alignItems: 'center', justifyContent: 'center', my: 3 }}>
      <Button
        component={atStart ? 'button' : RouterLink}
        to={atStart ? undefined : href(page - 1)}
        disabled={atStart}
        rel="prev"
        size="small"
      >
        {t('common:pagination.previous')}
      </Button>
      {pageSlots(page, totalPages).map((slot, i) =>
        slot === 'gap' ? (
          <Typography key={`gap-${i}`} component="span" aria-hidden sx={{ px: 1 }} data-testid="pagination-gap">
            …
          </Typography>
        ) : (
          <Button
            key={slot}
            component={RouterLink}
            to={href(slot)}
            size="small"
            variant={slot === page ? 'contained' : 'text'}
            aria-current={slot === page ? 'page' : undefined}
            aria-label={t('common:pagination.page', { page: slot })}
            sx={{ minWidth: 40 }}
          >
            {slot}
          </Button>
        ),
      )}
      <Button component={atEnd ? 'button' : RouterLink} to={atEnd ? undefined : href(page + 1)} disabled={atEnd} rel="next" size="small">
        {t('common:pagination.next')}
      </Button>
    </Box>
  );
}
