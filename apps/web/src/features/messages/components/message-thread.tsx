import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Message, TransactionRole } from '@harbor/contracts';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/i18n/format.ts';
import { Loading } from '../../../shared/ui/loading.tsx';
import { threadMessages, useMessageThread } from '../api/messages-api.ts';
import { MessageComposer } from './message-composer.tsx';

export interface MessageThreadProps {
  transactionId: string;
  /** The caller's side: their own messages read "You". */
  role: TransactionRole;
}

/**
 * The order's messages, oldest at the top and newest last, with older pages
 * on request and new ones arriving by polling; the composer below.
 */
export function MessageThread({ transactionId, role }: MessageThreadProps) {
  const { t } = useTranslation('messages');
  const titleId = useId();
  const thread = useMessageThread(transactionId);
  const messages = threadMessages(thread.data);
  const listRef = useRef<HTMLOListElement>(null);
  const newestId = messages.at(-1)?.id;

  // Follow the newest message (a new one arrived or was sent), not older pages being added at the top.
  useEffect(() => {
    const list = listRef.current;
    if (list && newestId) list.scrollTop = list.scrollHeight;
  }, [newestId]);

  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ p: 2 }}>
      <Typography id={titleId} variant="h2" sx={{ fontSize: '1.25rem', mb: 2 }}>
        {t('thread.title')}
      </Typography>
      {thread.isPending ? (
        <Loading minHeight={80} />
      ) : thread.isError && !thread.data ? (
        <Alert
          severity="error"
          role="alert"
          action={
            <Button color="inherit" size="small" onClick={() => void thread.refetch()}>
              {t('thread.retry')}
            </Button>
          }
        >
          {t('thread.loadFailed')}
        </Alert>
      ) : (
        <>
          {thread.hasNextPage && (
            <Button size="small" onClick={() => void thread.fetchNextPage()} disabled={thread.isFetchingNextPage} sx={{ mb: 1 }}>
              {t('thread.loadOlder')}
            </Button>
          )}
          {messages.length === 0 ? (
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              {t('thread.empty')}
            </Typography>
          ) : (
            <Box
              component="ol"
              ref={listRef}
              aria-label={t('thread.title')}
              sx={{ listStyle: 'none', p: 0, m: 0, mb: 2, maxHeight: 480, overflowY: 'auto', display: 'flex', flexDirection: 'column', gap: 1 }}
            >
              {messages.map((m) => (
                <MessageItem key={m.id} message={m} own={m.sender.role === role} />
              ))}
            </Box>
          )}
        </>
      )}
      <MessageComposer transactionId={transactionId} />
    </Paper>
  );
}

function MessageItem({ message, own }: { message: Message; own: boolean }) {
  const { t } = useTranslation('messages');
  return (
    <Box
      component="li"
      data-message-id={message.id}
      sx={{ alignSelf: own ? 'flex-end' : 'flex-start', maxWidth: '85%', px: 1.5, py: 1, borderRadius: 1, bgcolor: own ? 'action.selected' : 'action.hover' }}
    >
      <Typography variant="body2" color="text.secondary">
        <Box component="span" sx={{ fontWeight: 600, color: 'text.primary' }}>
          {own ? t('thread.you') : message.sender.displayName}
        </Box>
        {' · '}
        {t(`thread.roles.${message.sender.role}`)}
        {' · '}
        <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
      </Typography>
      <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{message.content}</Typography>
    </Box>
  );
}
