import { useTranslation } from 'react-i18next';
import { TEXTAREA_MAX } from '@harbor/contracts/constants';
import { ReasonDialog } from '../../../shared/ui/reason-dialog.tsx';
import type { DisputeOutcome } from '../api/use-resolve-dispute.ts';

export interface ResolveDisputeDialogProps {
  open: boolean;
  outcome: DisputeOutcome;
  orderLabel: string;
  busy: boolean;
  error: unknown;
  onCancel: () => void;
  onConfirm: (comment: string) => void;
}

/** Completes or cancels a disputed order with a comment both parties will see (required, up to 5000 characters). */
export function ResolveDisputeDialog({ open, outcome, orderLabel, busy, error, onCancel, onConfirm }: ResolveDisputeDialogProps) {
  const { t } = useTranslation();
  return (
    <ReasonDialog
      open={open}
      id="resolve"
      inputId="resolve-comment"
      title={t(`operator:disputes.${outcome}.title`)}
      text={t(`operator:disputes.${outcome}.text`, { order: orderLabel })}
      label={t('operator:disputes.comment')}
      required
      requiredText={t('operator:disputes.commentRequired')}
      helperText={t('operator:disputes.commentHelp')}
      maxLength={TEXTAREA_MAX}
      confirmLabel={t(`operator:disputes.${outcome}.confirm`)}
      confirmColor={outcome === 'cancel' ? 'error' : 'primary'}
      busy={busy}
      error={error}
      onCancel={onCancel}
      onConfirm={onConfirm}
    />
  );
}
