import { useSyncExternalStore } from 'react';
import { session } from '../../shared/api-client/index.ts';
import type { SessionStatus } from '../../shared/api-client/index.ts';

/** 'authenticated' only when the session holds tokens ("auth info not anonymous"). */
export function useSessionStatus(): SessionStatus {
  return useSyncExternalStore(session.subscribe, session.getStatus, session.getStatus);
}
