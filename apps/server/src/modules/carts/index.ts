export { cartsRoutes } from './carts.routes.ts';
/** For the transaction engine: read a cart's lines as order lines, lock one, mark it placed or remove it (see carts.placement.ts). */
export {
  cartForPlacement,
  lockCartLine,
  markCartLinePlaced,
  removeCartLine,
  type PlacementCart,
  type PlacementLine,
} from './carts.placement.ts';
