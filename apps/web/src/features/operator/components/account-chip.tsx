import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { OperatorUserRow } from '@harbor/contracts';

/** Active, banned or deleted at a glance; deleted wins over banned, as in the product's display rule. */
export function AccountChip({ user }: { user: Pick<OperatorUserRow, 'banned' | 'deleted'> }) {
  const { t } = useTranslation();
  const state = user.deleted ? 'deleted' : user.banned ? 'banned' : 'active';
  const color = state === 'deleted' ? 'default' : state === 'banned' ? 'error' : 'success';
  return <Chip size="small" color={color} variant={state === 'active' ? 'outlined' : 'filled'} label={t(`operator:account.${state}`)} data-account={state} />;
}
