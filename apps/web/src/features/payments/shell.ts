/**
 * The payments module's part of the app shell: the current-user follow-up
 * that loads the payout account. Apart from index.ts, which also offers
 * components with the payments texts that the shell must not reach.
 */
import { registerPayoutAccountLoader } from './current-user-loader.ts';

registerPayoutAccountLoader();
