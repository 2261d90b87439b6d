import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { Transaction, TransitionBodyInput } from '@harbor/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiErrorAlert } from '../../../shared/ui/api-error-alert.tsx';
import { lazyOverlay } from '../../../shared/ui/lazy-overlay.tsx';
import { useTransition } from '../api/transactions-api.ts';
import { workflowItems, type WorkflowItem } from '../workflow-items.ts';

const LazyTransitionDialog = lazyOverlay(() => import('./transition-dialog.tsx').then((m) => m.TransitionDialog));

type ButtonItem = Extract<WorkflowItem, { transition: string }>;

/**
 * The order page's workflow: comments, then the caller's transitions from the
 * graph (plain buttons act at once, dialog buttons open the dialog with the
 * transition's fields), a gap before the refusals, or whose move it is.
 */
export function WorkflowActions({ transaction }: { transaction: Transaction }) {
  const { t } = useTranslation('transactions');
  const mutation = useTransition(transaction.id);
  const [dialog, setDialog] = useState<ButtonItem | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const items = workflowItems(transaction);

  const run = async (body: TransitionBodyInput) => {
    setDone(null);
    await mutation.mutateAsync(body);
    setDone(t('order.transitionDone', { transition: t(`actions.${body.transition}`) }));
  };

  const buttons = items.filter((i): i is ButtonItem => 'transition' in i);
  return (
    <Box component="section" aria-label={t('order.actionsLabel')} sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      {items.map((item, index) => {
        if (item.kind === 'comment')
          return (
            <Box key={`comment-${item.param}`} data-testid="workflow-comment" sx={{ borderLeft: 3, borderColor: 'divider', pl: 1.5 }}>
              <Typography variant="caption" color="text.secondary">
                {item.param === 'reason' ? t('dialogs.reason') : t('order.comment', { actor: t(`actors.${item.actor}`) })}
              </Typography>
              <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{item.text}</Typography>
            </Box>
          );
        if (item.kind === 'waiting')
          return (
            <Typography key="waiting" color="text.secondary">
              {t('order.waitingOther', { actor: t(`actors.${item.actor}`) })}
            </Typography>
          );
        if (item.kind === 'gap') return <Box key={`gap-${index}`} aria-hidden sx={{ height: 8 }} data-testid="workflow-gap" />;
        return (
          <Box key={item.transition}>
            <Button
              variant={item.tone === 'danger' ? 'outlined' : 'contained'}
              color={item.tone === 'danger' ? 'error' : 'primary'}
              disabled={mutation.isPending || Boolean(item.disabledReason)}
              data-kind={item.kind}
              aria-haspopup={item.kind === 'transition-button' ? undefined : 'dialog'}
              onPointerEnter={item.kind === 'transition-button' ? undefined : LazyTransitionDialog.preload}
              onFocus={item.kind === 'transition-button' ? undefined : LazyTransitionDialog.preload}
              onClick={() => {
                if (item.kind === 'transition-button') void run({ transition: item.transition, params: { protectedData: {} } }).catch(() => {});
                else setDialog(item);
              }}
            >
              {t(`actions.${item.transition}`)}
            </Button>
            {item.disabledReason === 'expired' && (
              <Typography variant="body2" color="error" sx={{ mt: 0.5 }}>
                {t('dialogs.customerQuote.expired')}
              </Typography>
            )}
          </Box>
        );
      })}
      {buttons.length === 0 && !items.some((i) => i.kind === 'waiting') && <Typography color="text.secondary">{t('order.noActions')}</Typography>}
      {/* Plain buttons report here; a dialog shows its own failure. */}
      {dialog === null && <ApiErrorAlert error={mutation.error} />}
      {done && (
        <Alert severity="success" role="status">
          {done}
        </Alert>
      )}
      {dialog && (
        <LazyTransitionDialog
          key={dialog.transition}
          open
          onClose={() => setDialog(null)}
          transaction={transaction}
          transition={dialog.transition}
          fields={dialog.fields}
          onSubmit={run}
        />
      )}
    </Box>
  );
}
