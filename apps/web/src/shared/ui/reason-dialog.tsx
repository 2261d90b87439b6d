import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiErrorAlert } from './api-error-alert.tsx';
import { TextInput } from './text-input.tsx';

export interface ReasonDialogProps {
  open: boolean;
  /** Ids of the title and text (`${id}-title`, `${id}-text`); the field is `inputId`. */
  id: string;
  inputId: string;
  title: string;
  text: string;
  label: string;
  required: boolean;
  /** Shown under an empty required field once touched. */
  requiredText: string;
  helperText?: string;
  maxLength: number;
  confirmLabel: string;
  confirmColor: 'primary' | 'error';
  busy: boolean;
  error: unknown;
  onCancel: () => void;
  /** The text, trimmed. */
  onConfirm: (text: string) => void;
}

/**
 * An operator's confirmation that carries a written reason (a ban, a dispute's outcome):
 * Enter or the confirm button submits, an empty required reason is marked instead, the
 * dialog cannot be dismissed while the request runs, and it forgets the text once closed.
 */
export function ReasonDialog(p: ReasonDialogProps) {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  const [touched, setTouched] = useState(false);
  const missing = p.required && value.trim() === '';

  function submit(e: FormEvent) {
    e.preventDefault();
    setTouched(true);
    if (missing || p.busy) return;
    p.onConfirm(value.trim());
  }

  return (
    <Dialog
      open={p.open}
      onClose={p.busy ? undefined : p.onCancel}
      fullWidth
      maxWidth="sm"
      aria-labelledby={`${p.id}-title`}
      aria-describedby={`${p.id}-text`}
      slotProps={{
        transition: {
          onExited: () => {
            setValue('');
            setTouched(false);
          },
        },
      }}
    >
      <DialogTitle id={`${p.id}-title`}>{p.title}</DialogTitle>
      <form onSubmit={submit} noValidate>
        <DialogContent>
          <DialogContentText id={`${p.id}-text`} sx={{ mb: 2 }}>
            {p.text}
          </DialogContentText>
          <TextInput
            id={p.inputId}
            label={p.label}
            value={value}
            onChange={(e) => setValue(e.target.value)}
            onBlur={() => setTouched(true)}
            required={p.required}
            error={touched && missing}
            helperText={touched && missing ? p.requiredText : p.helperText}
            multiline
            minRows={3}
            fullWidth
            autoFocus
            slotProps={{ htmlInput: { maxLength: p.maxLength } }}
          />
          <ApiErrorAlert error={p.error} />
        </DialogContent>
        <DialogActions>
          <Button onClick={p.onCancel} disabled={p.busy}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" color={p.confirmColor} variant="contained" disabled={p.busy}>
            {p.confirmLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
