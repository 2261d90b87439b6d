import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Rating from '@mui/material/Rating';
import Typography from '@mui/material/Typography';
import type { Transaction, TransitionBodyInput, TransitionName, TransitionParam } from '@harbor/contracts';
import { TEXTAREA_MAX } from '@harbor/contracts/constants';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiErrorAlert } from '../../../shared/ui/api-error-alert.tsx';
import { DateField } from '../../../shared/ui/date-field.tsx';
import { TextInput } from '../../../shared/ui/text-input.tsx';
import type { DialogField } from '../workflow-items.ts';
import { QuoteSummary } from './quote-summary.tsx';
import { transitionBody, validateDialog, type DialogValues, type FieldError } from './transition-body.ts';
import { toDateValue } from '../../../shared/ui/date-text.ts';

export interface TransitionDialogProps {
  open: boolean;
  onClose: () => void;
  transaction: Transaction;
  transition: TransitionName;
  /** The parameters the graph gives the transition (required ones first). */
  fields: readonly DialogField[];
  onSubmit: (body: TransitionBodyInput) => Promise<unknown>;
}

const LABELS: Record<TransitionParam, string> = {
  comment: 'dialogs.comment',
  reason: 'dialogs.reason',
  negotiatedTotal: 'dialogs.quote.negotiatedTotal',
  negotiatedDeliveryCharge: 'dialogs.quote.deliveryCharge',
  validUntil: 'dialogs.quote.validUntil',
  reviewRating: 'dialogs.review.rating',
  reviewContent: 'dialogs.review.content',
};

const ERRORS: Record<FieldError, string> = {
  required: 'validation:required',
  tooLong: 'validation:tooLong',
  invalidAmount: 'validation:invalid',
  pastDate: 'transactions:dialogs.quote.pastDate',
  invalidRating: 'validation:required',
};

/**
 * The dialog of a dialog button or a custom dialog button: its fields are the
 * transition's parameters in the graph (a decline's optional comment, a
 * cancel's required comment, the provider's quote with price, delivery
 * charge, validity date and message, a dispute's reason, a review's rating
 * and text). Accepting a quote shows the quote first (the customer quote
 * dialog). Loaded the first time a dialog opens.
 */
export function TransitionDialog({ open, onClose, transaction, transition, fields, onSubmit }: TransitionDialogProps) {
  const { t } = useTranslation('transactions');
  const titleId = useId();
  const [values, setValues] = useState<DialogValues>({});
  const [touched, setTouched] = useState<Partial<Record<TransitionParam, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const errors = validateDialog(fields, values);
  const currency = transaction.payinTotal.currency;
  const isQuote = fields.some((f) => f.param === 'negotiatedTotal');
  // Answering a quote (accept or decline) shows the quote being answered.
  const showsQuote = transaction.protectedData.validUntil !== null && !isQuote;

  const set = (param: TransitionParam, value: string) => setValues((v) => ({ ...v, [param]: value }));
  const errorOf = (param: TransitionParam) => ((touched[param] || submitted) && errors[param] ? t(ERRORS[errors[param]]) : undefined);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(errors).length) return;
    setPending(true);
    setError(null);
    try {
      await onSubmit(transitionBody(transition, values, currency));
      onClose();
    } catch (e) {
      setError(e);
    } finally {
      setPending(false);
    }
  };

  const title = isQuote ? t('dialogs.quote.title') : t('dialogs.confirmTitle', { action: t(`actions.${transition}`) });

  return (
    <Dialog open={open} onClose={pending ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: '8px !important' }}>
          {showsQuote && <QuoteSummary transaction={transaction} />}
          {isQuote && <Typography variant="body2" color="text.secondary">{t('dialogs.quote.currency', { currency })}</Typography>}
          {fields.map(({ param, required }) => {
            // A quote's comment is its message to the buyer.
            const label = param === 'comment' && isQuote ? t('dialogs.quote.comment') : param === 'comment' && !required ? t('dialogs.commentOptional') : t(LABELS[param]);
            const common = {
              id: `transition-${param}`,
              label,
              required,
              error: Boolean(errorOf(param)),
              helperText: errorOf(param),
              onBlur: () => setTouched((v) => ({ ...v, [param]: true })),
            };
            if (param === 'validUntil')
              return (
                <DateField key={param} {...common} value={values.validUntil ?? ''} min={toDateValue(new Date())} onChange={(v) => set(param, v)} />
              );
            if (param === 'reviewRating')
              return (
                <FormControl key={param} required={required} error={common.error}>
                  <FormLabel component="legend">{label}</FormLabel>
                  <Rating name="reviewRating" value={Number(values.reviewRating) || null} onChange={(_, v) => set(param, v ? String(v) : '')} />
                  {common.helperText && <FormHelperText>{common.helperText}</FormHelperText>}
                </FormControl>
              );
            if (param === 'negotiatedTotal' || param === 'negotiatedDeliveryCharge')
              return (
                <TextInput key={param} {...common} inputMode="decimal" value={values[param] ?? ''} onChange={(e) => set(param, e.target.value)} />
              );
            return (
              <TextInput
                key={param}
                {...common}
                multiline
                minRows={3}
                value={values[param] ?? ''}
                onChange={(e) => set(param, e.target.value)}
                slotProps={{ htmlInput: { maxLength: TEXTAREA_MAX } }}
              />
            );
          })}
          {error !== null && (isQuote ? <Alert severity="error" role="alert">{t('dialogs.quote.submitFailed')}</Alert> : null)}
          <ApiErrorAlert error={error} />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={pending}>
            {t('dialogs.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={pending}>
            {t(`actions.${transition}`)}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
