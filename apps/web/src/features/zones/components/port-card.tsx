import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { PortFeature } from '@harbor/contracts';
import { portLocalTime } from '@harbor/contracts/map';
import { formatUtcOffset } from '@harbor/contracts/zone-constants';
import { ApiErrorAlert } from '../../../shared/ui/api-error-alert.tsx';
import { Loading } from '../../../shared/ui/loading.tsx';
import { usePortBerths } from '../api/use-zone-queries.ts';
import { labelledMetaRows, type LabelledRow } from '../meta-rows.ts';

interface PortCardProps {
  locode: string;
  port: PortFeature | undefined;
  loading: boolean;
  error: unknown;
  onClose(): void;
}

/** Ticks every 30 s so the local time stays right while the card is open. */
function useNow(intervalMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(id);
  }, [intervalMs]);
  return now;
}

/** The port card (tracking.md section 2): name, locode, local time (UTC ± offset), meta rows. */
export function PortCard({ locode, port, loading, error, onClose }: PortCardProps) {
  const { t } = useTranslation('zones');
  const now = useNow();
  const p = port?.properties;
  const rows = p ? labelledMetaRows(p.meta, t) : [];
  const berths = usePortBerths(p ? locode : null);
  const berthRows: LabelledRow[] = (berths.data ?? []).map((b) => {
    const { lengthM, depthM } = b.properties.meta;
    const value = lengthM && depthM ? t('zones:berthSummary', { length: lengthM, depth: depthM }) : lengthM ? t('zones:berthLength', { length: lengthM }) : '';
    return { key: String(b.id), label: b.properties.name ?? '-', value };
  });
  return (
    <Paper elevation={4} component="section" aria-label={t('map:portCard', { name: p?.name ?? locode })} data-testid="port-card" sx={{ width: 340, maxWidth: 'calc(100vw - 24px)', maxHeight: '100%', overflow: 'auto' }}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', p: 1.5, gap: 1 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="overline" color="text.secondary">
            {t('zones:types.port')}
          </Typography>
          <Typography variant="h3" component="h2" noWrap>
            {p?.name ?? locode}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {locode}
          </Typography>
        </Box>
        <IconButton aria-label={t('map:close')} onClick={onClose} size="small">
          <CloseIcon />
        </IconButton>
      </Box>
      <Box sx={{ px: 1.5, pb: 1.5 }}>
        {loading && <Loading minHeight={100} />}
        <ApiErrorAlert error={error} />
        {p && (
          <>
            <Typography variant="body2" data-testid="port-local-time">
              {t('zones:localTime')}: <strong>{portLocalTime(p.offset, now)}</strong> ({formatUtcOffset(p.offset)})
            </Typography>
            <Link component={RouterLink} to={`/weather?port=${encodeURIComponent(locode)}`} variant="body2" data-testid="port-weather-link">
              {t('zones:weatherLink')}
            </Link>
            <Typography variant="subtitle2" component="h3" sx={{ mt: 1.5 }}>
              {t('zones:meta')}
            </Typography>
            {rows.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                {t('zones:noMeta')}
              </Typography>
            ) : (
              <MetaList rows={rows} testId="port-meta" />
            )}
            {berthRows.length > 0 && (
              <>
                <Typography variant="subtitle2" component="h3" sx={{ mt: 1.5 }}>
                  {t('zones:berths')}
                </Typography>
                <MetaList rows={berthRows} testId="port-berths" />
              </>
            )}
            <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
              {t('zones:attribution')}
            </Typography>
          </>
        )}
      </Box>
    </Paper>
  );
}

function MetaList({ rows, testId }: { rows: LabelledRow[]; testId: string }) {
  return (
    <Box component="dl" sx={{ m: 0 }} data-testid={testId}>
      {rows.map((r) => (
        <Box key={r.key} sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.4, borderBottom: '1px solid', borderColor: 'divider' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {r.label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, textAlign: 'right', wordBreak: 'break-word' }}>
            {r.value || '-'}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
