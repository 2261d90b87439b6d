import Link from '@mui/material/Link';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadAttachment } from '../api/attachments-api.ts';
import { errorReason } from './error-reason.ts';

/** An attachment's name that downloads it with the session's token (a plain link could not carry it). */
export function AttachmentLink({ attachment }: { attachment: { name: string; url: string } }) {
  const { t } = useTranslation('messages');
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <Link
      component="button"
      type="button"
      onClick={() => {
        setFailure(null);
        downloadAttachment(attachment).catch((error: unknown) => setFailure(t('attachments.downloadFailed', { name: attachment.name, reason: errorReason(t, error) })));
      }}
      title={failure ?? undefined}
      color={failure ? 'error' : 'primary'}
      aria-label={t('attachments.download', { name: attachment.name })}
      sx={{ overflowWrap: 'anywhere', textAlign: 'left' }}
    >
      {attachment.name}
    </Link>
  );
}
