import { useTranslation } from 'react-i18next';
import type { OperatorUserRow } from '@harbor/contracts';
import { ReasonDialog } from '../../../shared/ui/reason-dialog.tsx';
import type { ModerationAction } from '../api/use-moderate-user.ts';

export interface ModerationDialogProps {
  open: boolean;
  user: OperatorUserRow | null;
  action: ModerationAction;
  busy: boolean;
  error: unknown;
  onCancel: () => void;
  onConfirm: (reason: string) => void;
}

const REASON_MAX = 2000;

/**
 * Confirms a ban, an unban or a deletion. Ban and delete need a reason (it
 * goes into the audit list); a deletion says plainly that it cannot be undone.
 */
export function ModerationDialog({ open, user, action, busy, error, onCancel, onConfirm }: ModerationDialogProps) {
  const { t } = useTranslation();
  const required = action !== 'unban';
  const name = user ? `${user.firstName} ${user.lastName}`.trim() || user.email : '';
  return (
    <ReasonDialog
      open={open}
      id="moderation"
      inputId="moderation-reason"
      title={t(`operator:moderation.${action}.title`)}
      text={t(`operator:moderation.${action}.text`, { name, email: user?.email ?? '' })}
      label={t(required ? 'operator:moderation.reason' : 'operator:moderation.reasonOptional')}
      required={required}
      requiredText={t('operator:moderation.reasonRequired')}
      maxLength={REASON_MAX}
      confirmLabel={t(`operator:moderation.${action}.confirm`)}
      confirmColor={action === 'unban' ? 'primary' : 'error'}
      busy={busy}
      error={error}
      onCancel={onCancel}
      onConfirm={onConfirm}
    />
  );
}
