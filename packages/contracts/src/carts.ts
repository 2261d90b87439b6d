import { z } from 'zod';
import {
  CART_NAME_MAX,
  CART_STATUSES,
  PORT_CALL_ID_MAX,
  PORT_NAME_MAX,
  SHIP_NAME_MAX,
} from './cart-constants.ts';
import { DELIVERY_METHODS, DELIVERY_TIME_UNITS, LISTING_UNITS, MAX_PER_PAGE, PRODUCT_TYPES, SERVICE_CATEGORIES } from './listing-constants.ts';
import { latLngSchema, linePriceSchema, orderLineBodySchema, paginationMetaSchema } from './listings.ts';
import { currencyField, moneySchema } from './money.ts';
import { lineString, requiredText } from './validation.ts';

/**
 * Carts and templates (marketplace-buyer.md sections 3, 4 and 7): the
 * `/v1/marketplace/cart…` API. A cart belongs to its user, a ship and a port
 * call; its lines are order-panel lines whose prices the server recomputes.
 */
export * from './cart-constants.ts';

/** Names are one line of text without control characters (the shared text rule; PostgreSQL text cannot hold NUL). */
const name = (max: number) => requiredText(max);

/** A ship as the cart knows it; IMO numbers have 7 digits, small craft may have none. */
export const cartShipSchema = z.object({
  name: name(SHIP_NAME_MAX),
  imo: z.number().int().min(1_000_000, 'carts:validation.imo').max(9_999_999, 'carts:validation.imo').nullable(),
});
export type CartShip = z.infer<typeof cartShipSchema>;

/** The port call a cart is for: the call's id (`PortCall.id`) and the port's name. */
export const cartPortCallSchema = z.object({
  callId: name(PORT_CALL_ID_MAX),
  portName: name(PORT_NAME_MAX),
});
export type CartPortCall = z.infer<typeof cartPortCallSchema>;

/**
 * POST /v1/marketplace/cart. With `templateId` the cart starts with the
 * template's lines and, unless given, its name and ship. The new cart becomes
 * the user's active cart unless `active` is false.
 */
export const cartCreateBodySchema = z
  .object({
    sessionId: lineString().max(200, 'validation.tooLong').optional().describe('the browser session that made the cart (kept, not interpreted)'),
    portCall: cartPortCallSchema.nullable().default(null),
    name: name(CART_NAME_MAX).optional(),
    ship: cartShipSchema.optional(),
    templateId: z.uuid().optional(),
    active: z.boolean().default(true),
  })
  .superRefine((body, ctx) => {
    if (body.templateId) return;
    if (!body.name) ctx.addIssue({ code: 'custom', path: ['name'], message: 'validation.required' });
    if (!body.ship) ctx.addIssue({ code: 'custom', path: ['ship'], message: 'validation.required' });
  });
export type CartCreateBody = z.input<typeof cartCreateBodySchema>;

/** PATCH /v1/marketplace/cart/{id}: name, ship, port call; `active` chooses (true) or clears (false) the active cart. */
export const cartPatchBodySchema = z
  .object({
    name: name(CART_NAME_MAX).optional(),
    ship: cartShipSchema.optional(),
    portCall: cartPortCallSchema.nullable().optional(),
    active: z.boolean().optional(),
  });
export type CartPatchBody = z.infer<typeof cartPatchBodySchema>;

/** POST /v1/marketplace/cart/product: the order-panel line (validated with the listing's order-line rules) for a cart. */
export const cartProductBodySchema = orderLineBodySchema
  .extend({ cartId: z.uuid(), listingId: z.uuid() });
export type CartProductBody = z.input<typeof cartProductBodySchema>;

/** PATCH /v1/marketplace/cart/product/{id}: the quantity (the spec's field), and the time window, which can go stale in a cart. */
export const cartProductPatchBodySchema = z.object({
  quantity: orderLineBodySchema.shape.quantity.max(1e9, 'validation.tooBig'),
  // The order panel's own time fields, so a changed window meets the same rules and messages.
  startTime: orderLineBodySchema.shape.startTime.optional(),
  endTime: orderLineBodySchema.shape.endTime.optional(),
});
export type CartProductPatchBody = z.infer<typeof cartProductPatchBodySchema>;

/**
 * POST /v1/marketplace/cart/template: a template from a cart's lines (placed ones too: an ordered cart is the usual one to repeat);
 * the ship defaults to the cart's. As the spec says, a new cart becomes active
 * after saving: an empty one for the same ship and port call, named
 * `newCartName` or as the saved cart (`startNewCart: false` leaves the carts as they are).
 */
export const cartTemplateBodySchema = z
  .object({
    cartId: z.uuid(),
    name: name(CART_NAME_MAX),
    ship: cartShipSchema.optional(),
    startNewCart: z.boolean().default(true),
    newCartName: name(CART_NAME_MAX).optional(),
  });
export type CartTemplateBody = z.input<typeof cartTemplateBodySchema>;

/** PATCH /v1/marketplace/cart/template/{id}: rename or change the ship. */
export const cartTemplatePatchBodySchema = z
  .object({ name: name(CART_NAME_MAX).optional(), ship: cartShipSchema.optional() });
export type CartTemplatePatchBody = z.infer<typeof cartTemplatePatchBodySchema>;

const orderAddressSchema = z.object({
  street: z.string().optional(),
  postalCode: z.string().optional(),
  city: z.string().optional(),
  country: z.string(),
  coordinates: latLngSchema.nullish(),
});

/** A line's delivery: the listing's delivery terms plus what the buyer chose. */
export const cartProductDeliverySchema = z.object({
  address: orderAddressSchema.nullable().describe("the buyer's delivery address"),
  arrangedBy: z.enum(['seller', 'buyer']).nullable(),
  info: z.string().nullable(),
  time: z.number().nullable().describe('basic delivery time'),
  expeditedTime: z.number().nullable(),
  cost: z.object({ basic: z.number().nullable(), expedited: z.number().nullable(), currency: currencyField.nullable() }).nullable(),
  method: z.enum(DELIVERY_METHODS),
  notes: z.string().nullable(),
  startTime: z.string(),
  endTime: z.string(),
  units: z.enum(DELIVERY_TIME_UNITS).describe('unit of the delivery time of the chosen method'),
});

/** A cart line (section 3 "Cart product"). `price` is recomputed on every read; null when the listing has no price. */
export const cartProductSchema = z.object({
  id: z.uuid().describe('the cart line'),
  productId: z.uuid().describe('the listing'),
  cartId: z.uuid(),
  name: z.string(),
  quantity: z.number(),
  rfqRequired: z.boolean(),
  productType: z.enum(PRODUCT_TYPES).nullable(),
  visibility: z.enum(['public', 'hidden']),
  minOrderAmount: z.number(),
  port: z.string().nullable(),
  categories: z.array(z.enum(SERVICE_CATEGORIES)),
  description: z.string(),
  comment: z.string().nullable(),
  imageUrls: z.array(z.string()),
  availability: z.object({ from: z.string(), to: z.string() }).nullable(),
  allowSubscription: z.boolean(),
  allowOnlinePayment: z.boolean(),
  unit: z.enum(LISTING_UNITS).nullable(),
  sellerName: z.string(),
  authorId: z.uuid(),
  /** False when the listing was closed, hidden or deleted since the line was added: it cannot be placed. */
  orderable: z.boolean(),
  delivery: cartProductDeliverySchema,
  price: linePriceSchema.nullable(),
  /** Set once the line became a transaction; placed lines are kept as the cart's record and cannot change. */
  placed: z.object({ transactionId: z.string(), placedAt: z.string() }).nullable(),
  createdAt: z.string(),
});
export type CartProduct = z.infer<typeof cartProductSchema>;

/** Section 3 "Cart". `total` sums the unplaced lines' totals (0 % VAT); null when a line has no price. */
export const cartSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  created: z.string(),
  cartStatus: z.enum(CART_STATUSES),
  active: z.boolean(),
  ship: z.object({ name: z.string(), imo: z.number().int().nullable() }),
  portCall: z.object({ callId: z.string(), portName: z.string() }).nullable(),
  sessionId: z.string().nullable(),
  products: z.array(cartProductSchema),
  total: moneySchema.nullable(),
});
export type Cart = z.infer<typeof cartSchema>;

/** Template lines the new cart could not take (listing gone, own listing, rules changed), with the reason's code. */
export const skippedTemplateLineSchema = z.object({ productId: z.uuid(), name: z.string(), code: z.string(), reason: z.string().nullable() });
export type SkippedTemplateLine = z.infer<typeof skippedTemplateLineSchema>;
export const cartCreateResponseSchema = cartSchema.extend({ skipped: z.array(skippedTemplateLineSchema) });

/** GET /v1/marketplace/carts: open carts first, then newest; 100 a page (at most 100 carts are open, so page 1 holds every open cart). */
export const cartListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  perPage: z.coerce.number().int().min(1).max(MAX_PER_PAGE).default(MAX_PER_PAGE),
});
export type CartListQuery = z.input<typeof cartListQuerySchema>;
export const cartListSchema = z.object({ data: z.array(cartSchema), meta: paginationMetaSchema });

/** A template line: the order line without its time window, which is set anew when a cart starts from it. */
export const cartTemplateProductSchema = z.object({
  id: z.uuid(),
  productId: z.uuid(),
  name: z.string(),
  quantity: z.number(),
  unit: z.enum(LISTING_UNITS).nullable(),
  sellerName: z.string(),
  deliveryMethod: z.enum(DELIVERY_METHODS),
  deliveryAddress: orderAddressSchema.nullable(),
  deliveryNotes: z.string().nullable(),
  durationMinutes: z.number().int().describe('length of the time window of the line the template was made from'),
  orderable: z.boolean(),
});
export type CartTemplateProduct = z.infer<typeof cartTemplateProductSchema>;

/** Section 3 "Template": id, name, ship, products. */
export const cartTemplateSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  created: z.string(),
  ship: z.object({ name: z.string(), imo: z.number().int().nullable() }),
  products: z.array(cartTemplateProductSchema),
});
export type CartTemplate = z.infer<typeof cartTemplateSchema>;
export const cartTemplateListSchema = z.object({ data: z.array(cartTemplateSchema) });
/** The saved template and the cart that became active after saving (null with `startNewCart: false`). */
export const cartTemplateSaveResponseSchema = cartTemplateSchema.extend({ activeCart: cartSchema.nullable() });
