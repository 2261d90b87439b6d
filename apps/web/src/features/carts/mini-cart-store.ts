import { useSyncExternalStore } from 'react';

/**
 * Whether the mini-cart drawer is open. A tiny store instead of layout state,
 * so the order panel can open the drawer after adding a line without the
 * layout passing callbacks down through the router.
 */
let open = false;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function setMiniCartOpen(value: boolean): void {
  if (open === value) return;
  open = value;
  emit();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function useMiniCartOpen(): boolean {
  return useSyncExternalStore(subscribe, () => open, () => false);
}
