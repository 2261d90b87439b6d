import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CART_NAME_MAX } from '@harbor/contracts/cart-constants';
import { invalidParamsOf } from '../../../shared/api-client/index.ts';
import { TextInput } from '../../../shared/ui/text-input.tsx';
import { cartFormErrors, fieldOfPath, toCartForm, type CartFormField, type CartFormOutput, type CartFormValues } from '../cart-form-model.ts';
import { cartErrorTexts, messageText } from '../error-text.ts';
import { PortCallPicker } from './port-call-picker.tsx';
import { ShipPicker } from './ship-picker.tsx';

interface Props {
  initial?: Partial<CartFormValues>;
  submitLabel: string;
  pending: boolean;
  /** The failed save, whose field errors show at their fields. */
  error: unknown;
  onSubmit: (values: CartFormOutput) => void;
  /** Extra buttons beside the submit button (cancel). */
  actions?: ReactNode;
}

/** Name, ship (live ships search, with IMO) and port call of a cart: the new-cart page and dialog, and editing a cart. */
export function CartForm({ initial, submitLabel, pending, error, onSubmit, actions }: Props) {
  const { t } = useTranslation('carts');
  const [values, setValues] = useState<CartFormValues>({ name: '', ship: null, imoText: '', portCall: null, ...initial });
  const [touched, setTouched] = useState<Partial<Record<CartFormField, boolean>>>({});
  const errors = cartFormErrors(values);
  const server = invalidParamsOf(error);
  const serverOf = (field: CartFormField) => server.find((p) => fieldOfPath(p.path) === field);
  const errorOf = (field: CartFormField): string | undefined => {
    if (touched[field] && errors[field]) return messageText(t, errors[field]);
    const fromServer = serverOf(field);
    return fromServer ? messageText(t, fromServer.message, (fromServer as { values?: Record<string, unknown> }).values) : undefined;
  };
  const unplaced = server.filter((p) => fieldOfPath(p.path) === null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched({ name: true, ship: true, imo: true, portCall: true });
    if (Object.keys(errors).length) return;
    onSubmit(toCartForm(values));
  };

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={3} aria-label={submitLabel}>
      <TextInput
        label={t('form.name')}
        value={values.name}
        onChange={(e) => setValues((v) => ({ ...v, name: e.target.value }))}
        onBlur={() => setTouched((x) => ({ ...x, name: true }))}
        error={Boolean(errorOf('name'))}
        helperText={errorOf('name') ?? t('form.nameHelp')}
        slotProps={{ htmlInput: { maxLength: CART_NAME_MAX } }}
        required
      />
      <ShipPicker
        value={values.ship}
        onChange={(ship) => {
          setValues((v) => ({ ...v, ship }));
          setTouched((x) => ({ ...x, ship: true }));
        }}
        imoText={values.imoText}
        onImoText={(imoText) => {
          setValues((v) => ({ ...v, imoText }));
          setTouched((x) => ({ ...x, imo: true }));
        }}
        nameError={errorOf('ship')}
        imoError={errorOf('imo')}
      />
      <PortCallPicker mmsi={values.ship?.mmsi ?? null} value={values.portCall} onChange={(portCall) => setValues((v) => ({ ...v, portCall }))} error={errorOf('portCall')} />
      {error !== null && error !== undefined && (unplaced.length > 0 || server.length === 0) && (
        <Alert severity="error" role="alert">
          {(server.length ? unplaced.map((p) => messageText(t, p.message)) : cartErrorTexts(t, error)).join(' ')}
        </Alert>
      )}
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained" disabled={pending}>
          {submitLabel}
        </Button>
        {actions}
      </Stack>
    </Stack>
  );
}
