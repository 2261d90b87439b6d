/** The sessionStorage key of this browser session's id, sent as a new cart's `sessionId` (the spec's POST /v1/marketplace/cart field). */
export const CART_SESSION_KEY = 'harbor.cartSessionId';

/**
 * One id per browser session (a tab and its reloads), so the server can tell
 * which session made a cart; it keeps it without interpreting it. Without
 * storage the id lives as long as the page.
 */
let memory: string | undefined;
export function browserSessionId(): string {
  try {
    const stored = window.sessionStorage.getItem(CART_SESSION_KEY);
    if (stored) return stored;
    const id = crypto.randomUUID();
    window.sessionStorage.setItem(CART_SESSION_KEY, id);
    return id;
  } catch {
    memory ??= crypto.randomUUID();
    return memory;
  }
}
