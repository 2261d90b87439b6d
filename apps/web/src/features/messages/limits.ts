import { TEXTAREA_MAX } from '@harbor/contracts/constants';

/**
 * The limits of contracts/messages.ts and contracts/attachments.ts, restated
 * here because those modules build zod schemas at load time: importing them
 * statically would pull zod into the order page's first chunk. limits.test.ts
 * fails when a value here drifts from the contracts.
 */
export const MESSAGE_MAX = TEXTAREA_MAX;
/** The app's WebSocket carries only ships, so the open thread polls page 1. */
export const MESSAGES_POLL_MS = 10_000;
export const ATTACHMENT_MAX_BYTES = 20 * 1024 * 1024;
export const ATTACHMENT_KINDS = ['pdf', 'doc', 'docx', 'txt'] as const;
export const ATTACHMENT_ACCEPT = '.pdf,.doc,.docx,.txt';

/** The client's own check before uploading (the server decides by the content as well). */
export function attachmentRefusal(file: { name: string; size: number }): 'wrongType' | 'tooLarge' | null {
  const ext = file.name.includes('.') ? file.name.slice(file.name.lastIndexOf('.') + 1).toLowerCase() : '';
  if (!(ATTACHMENT_KINDS as readonly string[]).includes(ext)) return 'wrongType';
  if (file.size > ATTACHMENT_MAX_BYTES) return 'tooLarge';
  return null;
}
