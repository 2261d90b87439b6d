import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TEXTAREA_MAX } from '@harbor/contracts/constants';
import { lazyZodResolver, usePreloadResolver } from '../../../shared/forms/lazy-resolver.ts';
import { FormTextField } from '../../../shared/ui/form-text-field.tsx';
import { useServiceRequest } from '../api/use-service-request.ts';
import { useCurrentUser } from '../api/use-current-user.ts';

const resolver = lazyZodResolver(() => import('../forms/users-schemas.ts').then((m) => m.serviceRequestBodySchema));

/**
 * Feedback goes to support as a service request. A failed send is only logged
 * (seller spec section 8), so the user sees the thank-you either way.
 */
export function FeedbackDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  const request = useServiceRequest();
  const [sent, setSent] = useState(false);
  const form = useForm({
    resolver,
    mode: 'onTouched',
    defaultValues: { email: '', subject: '', content: '', tag: 'feedback' },
  });
  const { reset } = form;
  usePreloadResolver(resolver);

  useEffect(() => {
    if (open) {
      setSent(false);
      reset({ email: user?.email ?? '', subject: '', content: '', tag: 'feedback' });
    }
  }, [open, user?.email, reset]);

  const content = form.watch('content') ?? '';

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="feedback-title">
      <DialogTitle id="feedback-title">{t('common:feedback.title')}</DialogTitle>
      {sent ? (
        <>
          <DialogContent>
            <DialogContentText role="status">{t('common:feedback.thanks')}</DialogContentText>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t('common:actions.close')}</Button>
          </DialogActions>
        </>
      ) : (
        <form
          noValidate
          onSubmit={form.handleSubmit((body) => request.mutate(body, { onSettled: () => setSent(true) }))}
        >
          <DialogContent>
            <DialogContentText sx={{ mb: 2 }}>{t('common:feedback.intro')}</DialogContentText>
            <Stack spacing={2}>
              <FormTextField control={form.control} name="email" type="email" label={t('common:feedback.email')} required autoComplete="email" />
              <FormTextField control={form.control} name="subject" label={t('common:feedback.subject')} required />
              <FormTextField
                control={form.control}
                name="content"
                label={t('common:feedback.content')}
                required
                multiline
                minRows={4}
                helperText={t('common:charactersLeft', { count: TEXTAREA_MAX - content.length })}
              />
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
            <Button type="submit" variant="contained" disabled={request.isPending}>
              {t('common:feedback.send')}
            </Button>
          </DialogActions>
        </form>
      )}
    </Dialog>
  );
}
