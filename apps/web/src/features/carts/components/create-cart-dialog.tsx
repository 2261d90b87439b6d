import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import type { Cart } from '@harbor/contracts';
import { useCreateCart } from '../api/carts-api.ts';
import { CartForm } from './cart-form.tsx';

export interface CreateCartDialogProps {
  open: boolean;
  onClose: () => void;
  /** The new cart, already the active one. */
  onCreated: (cart: Cart) => void;
}

/** A new cart without leaving the page: the order panel offers it when no cart is active. */
export function CreateCartDialog({ open, onClose, onCreated }: CreateCartDialogProps) {
  const { t } = useTranslation('carts');
  const create = useCreateCart();
  return (
    <Dialog open={open} onClose={onClose} maxWidth="md" fullWidth aria-labelledby="create-cart-title">
      <DialogTitle id="create-cart-title">{t('create.title')}</DialogTitle>
      <DialogContent sx={{ pt: 1 }}>
        <CartForm
          submitLabel={t('create.submit')}
          pending={create.isPending}
          error={create.error}
          onSubmit={(values) =>
            create.mutate(values, {
              onSuccess: (cart) => {
                onCreated(cart);
                onClose();
              },
            })
          }
          actions={<Button onClick={onClose}>{t('common:actions.cancel')}</Button>}
        />
      </DialogContent>
    </Dialog>
  );
}
