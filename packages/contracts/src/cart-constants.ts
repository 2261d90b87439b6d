/**
 * Cart constants (marketplace-buyer.md sections 3, 4 and 9). Zod-free: the top
 * bar's cart menu is on every page and imports these at render time.
 */
export const CART_STATUSES = ['open', 'closed'] as const;
export type CartStatus = (typeof CART_STATUSES)[number];

/**
 * The cart's order states while it is being placed (section 4 "Cart order
 * states"): offline and RFQ lines go initial → initiating → initiated; a cart
 * of exactly one online-payment line goes through the online-payment pair.
 */
export const CART_ORDER_STATES = ['initial', 'initiating', 'initiated', 'initiating-online-payment', 'initiated-online-payment'] as const;
export type CartOrderState = (typeof CART_ORDER_STATES)[number];

export const CART_NAME_MAX = 100;
export const SHIP_NAME_MAX = 100;
export const PORT_NAME_MAX = 100;
export const PORT_CALL_ID_MAX = 100;
/** Lines per cart and per template. */
export const CART_PRODUCTS_MAX = 50;
/** Open carts and templates per user. */
export const CARTS_MAX = 100;
export const TEMPLATES_MAX = 100;

/** Cart dropdown and mini-cart drawer widths (section 9). */
export const CART_DROPDOWN_WIDTH_PX = 400;
export const MINI_CART_WIDTH_PX = 450;

/** Online payment (and recurring orders) need exactly one line in the cart (section 4). */
export const ONLINE_PAYMENT_CART_LINES = 1;
