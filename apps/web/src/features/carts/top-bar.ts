/**
 * The carts module's part of the app shell: the top bar's cart menu. Apart
 * from index.ts because the shell may only reach code that uses the core
 * text namespaces (page-namespaces.test.ts), and index.ts also offers the
 * new-cart dialog, which speaks the carts namespace.
 */
export { CartMenu } from './components/cart-menu.tsx';
