import type { Attachment, Message, TransactionRole } from '@harbor/contracts';
import { uuid } from '../transactions/test-fixtures.ts';

export { stubServer, uuid } from '../transactions/test-fixtures.ts';

export const TX_ID = '00000000-0000-4000-8000-0000000000aa';

export function makeMessage(content: string, role: TransactionRole, displayName: string, minute = 0): Message {
  return {
    id: uuid(),
    transactionId: TX_ID,
    content,
    createdAt: new Date(Date.UTC(2026, 4, 4, 8, minute)).toISOString(),
    sender: { id: uuid(), displayName, abbreviatedName: displayName.slice(0, 2), role },
  };
}

export function makeAttachment(name: string, uploader: { id: string; displayName: string }, size = 2048): Attachment {
  const id = uuid();
  return {
    id,
    url: `/api/transactions/${TX_ID}/attachments/${id}`,
    name,
    kind: name.split('.').pop() as Attachment['kind'],
    contentType: 'application/pdf',
    size,
    createdAt: '2026-05-04T08:30:00.000Z',
    uploader,
  };
}

export const pageOf = (data: Message[], page: number, totalPages: number) => ({ data, meta: { page, perPage: 100, totalItems: data.length, totalPages } });
