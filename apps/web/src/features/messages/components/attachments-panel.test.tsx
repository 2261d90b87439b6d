import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Attachment } from '@harbor/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../shared/api-client/index.ts';
import { jsonResponse, renderWithProviders } from '../../../test-utils.tsx';
import { makeAttachment, stubServer, TX_ID, uuid } from '../test-fixtures.ts';
import { AttachmentsPanel } from './attachments-panel.tsx';

afterEach(async () => {
  cleanup();
  await session.logout().catch(() => {});
  vi.unstubAllGlobals();
});

const me = { id: uuid(), displayName: 'Bea Buyer' };
const seller = { id: uuid(), displayName: 'Sam Seller' };
const listPath = `/api/transactions/${TX_ID}/attachments`;
const uploadPath = `/v1/marketplace/transaction/${TX_ID}/attachment`;

/**
 * The upload goes through XMLHttpRequest (for its progress events): this
 * stand-in records each request and lets the test report progress and answer.
 */
class FakeXhr {
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  responseText = '';
  withCredentials = false;
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.last = this;
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

async function renderPanel(attachments: Attachment[], extra: Record<string, (body: unknown) => Response> = {}, language: 'en' | 'fi' = 'en') {
  let list = attachments;
  stubServer({ [`GET ${listPath}`]: () => jsonResponse(200, { data: list }), ...extra });
  FakeXhr.last = null;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  await session.init();
  renderWithProviders(<AttachmentsPanel transactionId={TX_ID} userId={me.id} />, { language });
  return { setList: (next: Attachment[]) => (list = next) };
}

const input = () => screen.getByTestId('attachment-input') as HTMLInputElement;
const choose = (file: File) => fireEvent.change(input(), { target: { files: [file] } });
function fileOf(name: string, size: number) {
  const file = new File(['x'], name, { type: 'application/octet-stream' });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

describe('attachments panel', { timeout: 20_000 }, () => {
  it('lists name, uploader and size, and offers delete only on the caller’s own files', async () => {
    await renderPanel([makeAttachment('Invoice.pdf', seller, 1536), makeAttachment('Crew list.txt', me, 300)]);
    const items = (await screen.findAllByRole('listitem')).map((li) => li.textContent);
    expect(items[0]).toMatch(/^Invoice\.pdfSam Seller · 1\.5 kB · /);
    expect(items[1]).toMatch(/^Crew list\.txtBea Buyer · 300 B · .*Delete$/);
    expect(screen.getByRole('button', { name: 'Download Invoice.pdf' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete Invoice.pdf' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Delete Crew list.txt' })).toBeTruthy();
    expect(input().accept).toBe('.pdf,.doc,.docx,.txt');
  });

  it('refuses other types and files over 20 MB before uploading, with the spec’s texts', async () => {
    await renderPanel([]);
    await screen.findByText('No attachments.');
    choose(fileOf('photo.jpg', 100));
    expect((await screen.findByRole('alert')).textContent).toBe('photo.jpg: attach a PDF, DOC, DOCX or TXT file.');
    choose(fileOf('scan.pdf', 20 * 1024 * 1024 + 1));
    expect((await screen.findByRole('alert')).textContent).toBe('scan.pdf is too large. The maximum is 20 MB.');
    expect(FakeXhr.last).toBeNull();
  });

  it('uploads one file with its progress, and lists it', async () => {
    const view = await renderPanel([]);
    await screen.findByText('No attachments.');
    choose(fileOf('Notes.txt', 1000));
    await waitFor(() => expect(FakeXhr.last).not.toBeNull());
    const xhr = FakeXhr.last!;
    expect([xhr.method, xhr.url, xhr.headers.authorization]).toEqual(['POST', uploadPath, 'Bearer a']);
    expect((xhr.body!.get('file') as File).name).toBe('Notes.txt');
    xhr.progress(400, 1000);
    const bar = await screen.findByRole('progressbar', { name: 'Uploading Notes.txt…' });
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('40'));
    // One upload at a time: the button is off until this one ends.
    expect(screen.getByText('Attach a file').className).toMatch(/Mui-disabled/);
    expect(input().disabled).toBe(true);
    const uploaded = makeAttachment('Notes.txt', me, 1000);
    view.setList([uploaded]);
    xhr.answer(201, { data: uploaded });
    expect((await screen.findByRole('status')).textContent).toBe('Notes.txt was attached.');
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByRole('button', { name: 'Download Notes.txt' })).toBeTruthy();
  });

  it('shows the server’s refusal by its code, in Finnish too', async () => {
    await renderPanel([], {}, 'fi');
    await screen.findByText('Ei liitteitä.');
    choose(fileOf('big.pdf', 1000));
    await waitFor(() => expect(FakeXhr.last).not.toBeNull());
    FakeXhr.last!.answer(413, { apiErrors: [{ code: 'request-upload-over-limit', status: 413, meta: {} }] });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Tiedostoa big.pdf ei liitetty: Tiedosto on liian suuri. Enimmäiskoko on 20 Mt.');
  });

  it('shows a refused type as the server names it', async () => {
    await renderPanel([]);
    await screen.findByText('No attachments.');
    choose(fileOf('renamed.pdf', 1000));
    await waitFor(() => expect(FakeXhr.last).not.toBeNull());
    FakeXhr.last!.answer(415, {
      apiErrors: [{ code: 'attachment-unsupported-type', status: 415, meta: { invalidParams: [{ path: 'file', message: 'errors:attachment-unsupported-type' }] } }],
    });
    expect((await screen.findByRole('alert')).textContent).toBe('renamed.pdf was not attached: Attach a PDF, DOC, DOCX or TXT file.');
  });

  it('deletes the caller’s own file after confirming, by its url', async () => {
    const own = makeAttachment('Crew list.txt', me, 300);
    const deleted: unknown[] = [];
    const view = await renderPanel([own], {
      [`DELETE ${uploadPath}`]: (body) => {
        deleted.push(body);
        view.setList([]);
        return new Response(null, { status: 204 });
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Crew list.txt' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the attachment?' }, { timeout: 5000 });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(deleted).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Crew list.txt' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await screen.findByText('No attachments.');
    expect(deleted).toEqual([{ url: own.url }]);
  });
});
