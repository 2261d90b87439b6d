import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSendMessage } from '../api/messages-api.ts';
import { MESSAGE_MAX } from '../limits.ts';
import { errorReason } from './error-reason.ts';

/**
 * A new message: 1 to 5000 characters after trimming (the contract's rule),
 * counted live. Ctrl+Enter (⌘+Enter) sends; while sending the text stays
 * put and read-only, and a refusal leaves it there to try again.
 */
export function MessageComposer({ transactionId }: { transactionId: string }) {
  const { t } = useTranslation('messages');
  const send = useSendMessage(transactionId);
  const [text, setText] = useState('');
  const [touched, setTouched] = useState(false);
  const hintId = useId();
  const length = text.trim().length;
  const problem = length === 0 ? t('composer.required') : length > MESSAGE_MAX ? t('composer.tooLong', { max: MESSAGE_MAX }) : null;
  // An empty field is no error until the user leaves it or tries to send; too long is shown as soon as it happens.
  const shown = problem && (touched || length > MESSAGE_MAX) ? problem : null;

  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    setTouched(true);
    if (problem || send.isPending) return;
    send.mutate(text.trim(), {
      onSuccess: () => {
        setText('');
        setTouched(false);
      },
    });
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) submit();
  };

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <TextField
        label={t('composer.label')}
        multiline
        minRows={3}
        maxRows={12}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          if (send.isError) send.reset();
        }}
        onBlur={() => text !== '' && setTouched(true)}
        onKeyDown={onKeyDown}
        error={Boolean(shown)}
        helperText={shown ?? ' '}
        slotProps={{ htmlInput: { readOnly: send.isPending, 'aria-describedby': hintId } }}
      />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography id={hintId} variant="body2" color={length > MESSAGE_MAX ? 'error' : 'text.secondary'} sx={{ flex: 1 }}>
          <span data-testid="message-counter">{t('composer.counter', { n: length, max: MESSAGE_MAX })}</span>
          {' · '}
          {t('composer.shortcut')}
        </Typography>
        <Button type="submit" variant="contained" disabled={send.isPending}>
          {send.isPending ? t('composer.sending') : t('composer.send')}
        </Button>
      </Box>
      {send.isError && (
        <Alert severity="error" role="alert">
          {t('composer.sendFailed', { reason: errorReason(t, send.error) })}
        </Alert>
      )}
    </Box>
  );
}
