import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Attachment } from '@harbor/contracts';
import { lazy, Suspense, useId, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/i18n/format.ts';
import { downloadAttachment, useAttachments, useDeleteAttachment, useUploadAttachment } from '../api/attachments-api.ts';
import { ATTACHMENT_ACCEPT, attachmentRefusal } from '../limits.ts';
import { errorReason } from './error-reason.ts';
import { formatFileSize } from './file-size.ts';

// The confirmation is rare: its dialog code loads when it is first asked for.
const DeleteAttachmentDialog = lazy(() => import('./delete-attachment-dialog.tsx'));

type Notice = { severity: 'success' | 'error'; text: string } | null;

/**
 * The order's files: each with its size, uploader and time, downloaded with
 * the session's token; one file at a time uploaded (PDF, DOC, DOCX, TXT, at
 * most 20 MB, checked here first and by content on the server) with its
 * progress; the uploader may delete their own after confirming.
 */
export function AttachmentsPanel({ transactionId, userId }: { transactionId: string; userId: string | null }) {
  const { t, i18n } = useTranslation('messages');
  const titleId = useId();
  const inputId = useId();
  const list = useAttachments(transactionId);
  const upload = useUploadAttachment(transactionId);
  const remove = useDeleteAttachment(transactionId);
  const [progress, setProgress] = useState<{ name: string; fraction: number } | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [confirming, setConfirming] = useState<Attachment | null>(null);

  const onFile = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    // Cleared so choosing the same file again fires another change.
    e.target.value = '';
    if (!file) return;
    const refusal = attachmentRefusal(file);
    if (refusal) return setNotice({ severity: 'error', text: t(`attachments.${refusal}`, { name: file.name }) });
    setNotice(null);
    setProgress({ name: file.name, fraction: 0 });
    upload.mutate(
      { file, onProgress: (fraction) => setProgress({ name: file.name, fraction }) },
      {
        onSuccess: (a) => setNotice({ severity: 'success', text: t('attachments.uploaded', { name: a.name }) }),
        onError: (error) => setNotice({ severity: 'error', text: t('attachments.uploadFailed', { name: file.name, reason: errorReason(t, error) }) }),
        onSettled: () => setProgress(null),
      },
    );
  };

  const onDownload = (a: Attachment) => {
    downloadAttachment(a).catch((error: unknown) => setNotice({ severity: 'error', text: t('attachments.downloadFailed', { name: a.name, reason: errorReason(t, error) }) }));
  };

  const onDelete = (a: Attachment) => {
    setConfirming(null);
    remove.mutate(a, { onError: (error) => setNotice({ severity: 'error', text: t('attachments.deleteFailed', { name: a.name, reason: errorReason(t, error) }) }) });
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ p: 2 }}>
      <Typography id={titleId} variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
        {t('attachments.title')}
      </Typography>
      {list.isError ? (
        <Alert severity="error" role="alert">
          {errorReason(t, list.error)}
        </Alert>
      ) : list.data?.length ? (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexDirection: 'column', gap: 1 }}>
          {list.data.map((a) => (
            <Box component="li" key={a.id} sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Link component="button" type="button" onClick={() => onDownload(a)} aria-label={t('attachments.download', { name: a.name })} sx={{ overflowWrap: 'anywhere', textAlign: 'left' }}>
                  {a.name}
                </Link>
                <Typography variant="body2" color="text.secondary">
                  {t('attachments.uploadedBy', { name: a.uploader.displayName, size: formatFileSize(t, a.size, i18n.language), time: formatDateTime(a.createdAt) })}
                </Typography>
              </Box>
              {userId !== null && a.uploader.id === userId && (
                <Button size="small" color="error" onClick={() => setConfirming(a)} disabled={remove.isPending} aria-label={t('attachments.delete', { name: a.name })}>
                  {t('attachments.deleteConfirm')}
                </Button>
              )}
            </Box>
          ))}
        </Box>
      ) : (
        list.isSuccess && <Typography color="text.secondary">{t('attachments.empty')}</Typography>
      )}
      {progress && (
        <Box sx={{ mt: 2 }}>
          <Typography variant="body2">{t('attachments.uploading', { name: progress.name })}</Typography>
          <LinearProgress variant="determinate" value={Math.round(progress.fraction * 100)} aria-label={t('attachments.uploading', { name: progress.name })} />
        </Box>
      )}
      {notice && (
        <Alert severity={notice.severity} role={notice.severity === 'error' ? 'alert' : 'status'} onClose={() => setNotice(null)} sx={{ mt: 2 }}>
          {notice.text}
        </Alert>
      )}
      <Box sx={{ mt: 2 }}>
        <input id={inputId} type="file" accept={ATTACHMENT_ACCEPT} hidden onChange={onFile} disabled={upload.isPending} data-testid="attachment-input" />
        <Button component="label" htmlFor={inputId} variant="outlined" disabled={upload.isPending}>
          {t('attachments.attach')}
        </Button>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {t('attachments.hint')}
        </Typography>
      </Box>
      {confirming && (
        <Suspense fallback={null}>
          <DeleteAttachmentDialog attachment={confirming} onCancel={() => setConfirming(null)} onConfirm={() => onDelete(confirming)} />
        </Suspense>
      )}
    </Paper>
  );
}
