export { RequireAuth } from './components/require-auth.tsx';
export { useSessionStatus } from './use-session-status.ts';
export { useLogout } from './api/use-logout.ts';
export { returnPathFrom, returnStateFor } from './return-path.ts';
export type { AuthRedirectState } from './return-path.ts';
