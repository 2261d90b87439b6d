import { randomUUID } from 'node:crypto';
import { ATTACHMENT_CONTENT_TYPES, ATTACHMENT_NAME_MAX, ATTACHMENTS_PER_TRANSACTION_MAX, Scope, type Attachment } from '@harbor/contracts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/index.ts';
import { AppError, forbidden, invalidParams, notFound } from '../../plugins/errors.ts';
import type { AccessToken } from '../auth/index.ts';
import { transactionPartiesForUser } from '../transactions/index.ts';
import { displayName } from '../users/index.ts';
import { detectKind } from './attachments.detect.ts';
import * as repo from './attachments.repository.ts';
import type { AttachmentStore } from './attachments.store.ts';
import { attachmentUrl } from './attachments.url.ts';

type Auth = Pick<AccessToken, 'sub' | 'scopes'>;
type Listed = Awaited<ReturnType<typeof repo.listOf>>[number];

function toAttachment({ a, uploader }: Listed): Attachment {
  return {
    id: a.id,
    url: attachmentUrl(a.transactionId, a.id),
    name: a.name,
    kind: a.kind,
    contentType: ATTACHMENT_CONTENT_TYPES[a.kind],
    size: a.size,
    createdAt: a.createdAt.toISOString(),
    uploader: { id: uploader.id, displayName: displayName(uploader) },
  };
}

/**
 * The download name: no directories, no control or bidi-override characters
 * (which could disguise "fdp.exe" as "exe.pdf"), at most 200 characters with
 * the extension kept.
 */
export function cleanFileName(raw: string): string {
  const base = raw.split(/[/\\]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  const name = base.replace(/[\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069]/g, '').trim();
  if (name.length <= ATTACHMENT_NAME_MAX) return name;
  const dot = name.lastIndexOf('.');
  const ext = dot > 0 && name.length - dot <= 10 ? name.slice(dot) : '';
  return name.slice(0, ATTACHMENT_NAME_MAX - ext.length) + ext;
}

/** `Content-Disposition: attachment` with an ASCII fallback name and the exact name RFC 5987 encoded. */
export function contentDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** The transaction's attachments, oldest first, for a caller already allowed to see the transaction. */
export async function attachmentsOf(db: Tx, transactionId: string): Promise<Attachment[]> {
  return (await repo.listOf(db, transactionId)).map(toAttachment);
}

export async function listAttachments(ctx: AppContext, auth: Auth, transactionId: string): Promise<Attachment[]> {
  await transactionPartiesForUser(ctx.db, auth, transactionId);
  return attachmentsOf(ctx.db, transactionId);
}

/** POST /v1/marketplace/transaction/{id}/attachment: a party or the operator attaches a PDF, DOC, DOCX or TXT file. */
export async function uploadAttachment(
  ctx: AppContext,
  store: AttachmentStore,
  auth: Auth,
  transactionId: string,
  file: { data: Buffer; filename: string },
): Promise<Attachment> {
  await transactionPartiesForUser(ctx.db, auth, transactionId);
  const name = cleanFileName(file.filename);
  if (!name) throw invalidParams([{ path: 'file', message: 'validation.required' }]);
  const kind = detectKind(file.data, name);
  if (!kind)
    throw new AppError('attachment-unsupported-type', 415, { invalidParams: [{ path: 'file', message: 'errors:attachment-unsupported-type' }] });
  if ((await repo.countOf(ctx.db, transactionId)) >= ATTACHMENTS_PER_TRANSACTION_MAX)
    throw new AppError('validation-invalid-value', 409, { reason: 'tooManyAttachments', max: ATTACHMENTS_PER_TRANSACTION_MAX });
  const id = randomUUID();
  const storageKey = `${transactionId}/${id}`;
  await store.put(storageKey, file.data);
  try {
    await repo.insertAttachment(ctx.db, { id, transactionId, uploaderId: auth.sub, name, kind, size: file.data.length, storageKey });
  } catch (err) {
    await store.remove(storageKey);
    throw err;
  }
  const row = await repo.findOne(ctx.db, transactionId, id);
  return toAttachment(row!);
}

/** The attachment and its bytes, for the parties and the operator only (404 for anyone else). */
export async function openAttachment(ctx: AppContext, store: AttachmentStore, auth: Auth, transactionId: string, id: string) {
  await transactionPartiesForUser(ctx.db, auth, transactionId);
  const row = await repo.findOne(ctx.db, transactionId, id);
  const stream = row && (await store.get(row.a.storageKey));
  if (!row || !stream) throw notFound();
  return { attachment: toAttachment(row), stream };
}

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/** The attachment id in a URL this server gave for this transaction (relative or absolute), or null. */
function idOfUrl(transactionId: string, url: string): string | null {
  let pathname: string;
  try {
    pathname = new URL(url, 'http://harbor.invalid').pathname;
  } catch {
    return null;
  }
  const m = new RegExp(`^/api/transactions/(${UUID})/attachments/(${UUID})$`, 'i').exec(pathname);
  return m && m[1]!.toLowerCase() === transactionId.toLowerCase() ? m[2]!.toLowerCase() : null;
}

/** DELETE /v1/marketplace/transaction/{id}/attachment: by its uploader or the operator. */
export async function deleteAttachment(ctx: AppContext, store: AttachmentStore, auth: Auth, transactionId: string, url: string): Promise<void> {
  await transactionPartiesForUser(ctx.db, auth, transactionId);
  const id = idOfUrl(transactionId, url);
  const row = id && (await repo.findOne(ctx.db, transactionId, id));
  if (!row) throw notFound();
  if (row.a.uploaderId !== auth.sub && !auth.scopes.includes(Scope.operator)) throw forbidden({ reason: 'not-uploader' });
  await repo.deleteOne(ctx.db, row.a.id);
  await store.remove(row.a.storageKey);
}
