/**
 * The transactions module's part of the app shell: the sales notifications
 * badge, and the current-user follow-ups that fill it. Apart from index.ts
 * because the shell may only reach code that uses the core text namespaces
 * (page-namespaces.test.ts), and index.ts also offers the placing panel.
 */
import { registerTransactionsLoaders } from './current-user-loader.ts';

export { SalesBadge } from './components/sales-badge-slot.tsx';

// Sales notifications (and the has-orders check) follow every current-user load (seller spec section 4).
registerTransactionsLoaders();
