/**
 * A cart keeps the call's id (PortCall.id). Calls seen only over AIS have a
 * uuid there, too long to read: it shows as its first 8 characters, which
 * tell a user's few calls apart; single-window ids (PC ID) show whole.
 */
export function shortCallId(callId: string): string {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-/i.test(callId) ? `${callId.slice(0, 8)}…` : callId;
}
