import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import type { Transaction } from '@harbor/contracts';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/i18n/format.ts';

/** Every recorded transition, oldest first: what happened, by which side, when, and the message given with it. */
export function TransitionHistory({ transaction }: { transaction: Transaction }) {
  const { t } = useTranslation('transactions');
  return (
    <List dense aria-label={t('order.historyTitle')}>
      {transaction.transitions.map((record, i) => {
        // The message given with the transition (a decline's comment, a quote's message), where the server records one.
        const comment = (record as { comment?: string | null }).comment;
        return (
        <ListItem key={`${record.createdAt}-${i}`} disableGutters data-testid="history-entry" data-transition={record.transition}>
          <ListItemText
            primary={t('order.historyEntry', { transition: t(`history.${record.transition}`), actor: t(`actors.${record.by}`) })}
            secondary={
              <>
                {formatDateTime(record.createdAt)}
                {comment ? ` · ${comment}` : ''}
              </>
            }
          />
        </ListItem>
        );
      })}
    </List>
  );
}
