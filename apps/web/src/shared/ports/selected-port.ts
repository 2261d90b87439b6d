import { useSyncExternalStore } from 'react';
import { DEFAULT_PORT_CODE } from '@harbor/contracts/constants';
import { MAIN_PORTS } from './ports.ts';

/** The port picked in the top bar outlives the session (unlike the language), so localStorage. */
export const PORT_STORAGE_KEY = 'harbor.port';

const listeners = new Set<() => void>();

export function readSelectedPort(): string {
  try {
    const stored = window.localStorage.getItem(PORT_STORAGE_KEY);
    return stored && MAIN_PORTS.some((p) => p.code === stored) ? stored : DEFAULT_PORT_CODE;
  } catch {
    return DEFAULT_PORT_CODE;
  }
}

export function setSelectedPort(code: string): void {
  try {
    window.localStorage.setItem(PORT_STORAGE_KEY, code);
  } catch {
    // Storage disabled: the choice is lost on reload.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab changing the port updates this one too.
  const onStorage = (e: StorageEvent) => e.key === PORT_STORAGE_KEY && listener();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useSelectedPort(): string {
  return useSyncExternalStore(subscribe, readSelectedPort, () => DEFAULT_PORT_CODE);
}
