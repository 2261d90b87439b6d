import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CartPortCall, CartTemplate, SkippedTemplateLine } from '@harbor/contracts';
import { CART_NAME_MAX } from '@harbor/contracts/cart-constants';
import { TextInput } from '../../../shared/ui/text-input.tsx';
import { useCreateCart } from '../api/carts-api.ts';
import { PortCallPicker } from './port-call-picker.tsx';
import { CartErrorLines } from './cart-error-lines.tsx';

export interface StartFromTemplateDialogProps {
  open: boolean;
  template: CartTemplate;
  onClose: () => void;
  onCreated: (cartId: string, skipped: SkippedTemplateLine[]) => void;
}

/**
 * A new cart from a template: its lines (each with a fresh time window, set
 * by the server), its ship and, unless changed, its name; the port call is
 * chosen here since a template has none.
 */
export function StartFromTemplateDialog({ open, template, onClose, onCreated }: StartFromTemplateDialogProps) {
  const { t } = useTranslation('carts');
  const create = useCreateCart();
  const [name, setName] = useState(template.name);
  const [portCall, setPortCall] = useState<CartPortCall | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { templateId: template.id, name: name.trim() || undefined, portCall },
      { onSuccess: (cart) => onCreated(cart.id, cart.skipped) },
    );
  };
  return (
    <Dialog open={open} onClose={onClose} maxWidth="md" fullWidth aria-labelledby="start-template-title">
      <form noValidate onSubmit={submit}>
        <DialogTitle id="start-template-title">{t('templates.startTitle', { name: template.name })}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Typography variant="body2">{t('templates.startIntro', { ship: template.ship.name, count: template.products.length })}</Typography>
            <TextInput label={t('form.name')} value={name} onChange={(e) => setName(e.target.value)} slotProps={{ htmlInput: { maxLength: CART_NAME_MAX } }} />
            <PortCallPicker mmsi={null} value={portCall} onChange={setPortCall} />
            <CartErrorLines error={create.error} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={create.isPending}>
            {t('templates.start')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
