import type { CartPortCall, CartShip } from '@harbor/contracts';
import { CART_NAME_MAX } from '@harbor/contracts/cart-constants';
import type { ShipValue } from './components/ship-picker.tsx';

export interface CartFormValues {
  name: string;
  ship: ShipValue | null;
  imoText: string;
  portCall: CartPortCall | null;
}

export type CartFormField = 'name' | 'ship' | 'imo' | 'portCall';

/** What the form sends: name, ship {name, imo} and the port call (POST and PATCH /v1/marketplace/cart). */
export interface CartFormOutput {
  name: string;
  ship: CartShip;
  portCall: CartPortCall | null;
}

/**
 * The cart contract's rules (carts.ts) as message keys per field, checked
 * before sending; the server checks them again and its answers show the same
 * texts.
 */
export function cartFormErrors(values: CartFormValues): Partial<Record<CartFormField, string>> {
  const errors: Partial<Record<CartFormField, string>> = {};
  const name = values.name.trim();
  if (!name) errors.name = 'validation.required';
  else if (name.length > CART_NAME_MAX) errors.name = 'validation.tooLong';
  if (!values.ship || !values.ship.name.trim()) errors.ship = 'validation.required';
  if (values.imoText && !/^[1-9]\d{6}$/.test(values.imoText)) errors.imo = 'carts:validation.imo';
  return errors;
}

export function toCartForm(values: CartFormValues): CartFormOutput {
  return {
    name: values.name.trim(),
    ship: { name: values.ship?.name.trim() ?? '', imo: values.imoText ? Number(values.imoText) : null },
    portCall: values.portCall,
  };
}

/** The form field a server field error (invalidParams path) belongs to. */
export function fieldOfPath(path: string): CartFormField | null {
  if (path === 'name') return 'name';
  if (path === 'ship.imo') return 'imo';
  if (path.startsWith('ship')) return 'ship';
  if (path.startsWith('portCall')) return 'portCall';
  return null;
}
