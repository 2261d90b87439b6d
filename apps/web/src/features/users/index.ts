export { useCurrentUser, currentUserKey } from './api/use-current-user.ts';
export { useMailLanguageSync } from './api/use-mail-language-sync.ts';
export { usePublicUser } from './api/use-public-user.ts';
export { LazyFeedbackDialog } from './components/lazy-feedback-dialog.tsx';
export { registerCurrentUserLoader } from './current-user-loaders.ts';
export type { CurrentUserLoader } from './current-user-loaders.ts';
