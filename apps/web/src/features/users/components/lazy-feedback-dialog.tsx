import { lazyOverlay } from '../../../shared/ui/lazy-overlay.tsx';

/** The feedback dialog (a form with validation) loads when first opened, not with every page. */
export const LazyFeedbackDialog = lazyOverlay(() => import('./feedback-dialog.tsx').then((m) => m.FeedbackDialog));
