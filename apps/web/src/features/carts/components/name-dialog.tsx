import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CART_NAME_MAX } from '@harbor/contracts/cart-constants';
import { TextInput } from '../../../shared/ui/text-input.tsx';
import { messageText } from '../error-text.ts';
import { CartErrorLines } from './cart-error-lines.tsx';

interface Props {
  title: string;
  label: string;
  initial: string;
  submitLabel: string;
  intro?: ReactNode;
  pending: boolean;
  error: unknown;
  onClose: () => void;
  onSubmit: (name: string) => void;
}

/** One required name (save as template, rename a template), with the contract's rules and the server's answer. */
export function NameDialog({ title, label, initial, submitLabel, intro, pending, error, onClose, onSubmit }: Props) {
  const { t } = useTranslation('carts');
  const titleId = useId();
  const [name, setName] = useState(initial);
  const [touched, setTouched] = useState(false);
  const invalid = name.trim() === '' ? 'validation.required' : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!invalid) onSubmit(name.trim());
  };
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      <form noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          {intro && <Typography sx={{ mb: 2 }}>{intro}</Typography>}
          <TextInput
            label={label}
            value={name}
            onChange={(e) => setName(e.target.value)}
            onBlur={() => setTouched(true)}
            error={touched && Boolean(invalid)}
            helperText={touched && invalid ? messageText(t, invalid) : undefined}
            slotProps={{ htmlInput: { maxLength: CART_NAME_MAX } }}
            autoFocus
            required
            sx={{ mt: 1, width: '100%' }}
          />
          <CartErrorLines error={error} sx={{ mt: 1 }} />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={pending}>
            {submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
