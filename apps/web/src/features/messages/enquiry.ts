import { lazyOverlay } from '../../shared/ui/lazy-overlay.tsx';

/**
 * The listing page's entry to this feature (like transactions/top-bar.ts for
 * the shell): only the "Ask the seller" dialog, whose code loads when it
 * first opens. Its texts are in the listings namespace, which the listing
 * page has already, so opening it fetches no locale file.
 */
export const LazyEnquiryDialog = lazyOverlay(() => import('./components/enquiry-dialog.tsx').then((m) => m.EnquiryDialog));
