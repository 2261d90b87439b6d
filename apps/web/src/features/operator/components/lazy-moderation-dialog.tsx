import { lazyOverlay } from '../../../shared/ui/lazy-overlay.tsx';

/** The ban/unban/delete confirmation, loaded the first time it opens (or when a button is hovered or focused). */
export const LazyModerationDialog = lazyOverlay(() => import('./moderation-dialog.tsx').then((m) => m.ModerationDialog));
