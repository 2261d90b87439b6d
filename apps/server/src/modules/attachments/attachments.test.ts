import { deflateRawSync, crc32 } from 'node:zlib';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Attachment, AttachmentList, Transaction } from '@harbor/contracts';
import { createTestApp, json, type TestApp } from '../../test/harness.ts';
import { people, type People } from '../carts/test-helpers.ts';
import { multipart } from '../listings/test-helpers.ts';
import { errorCodes, initiateBody, place, publishedListing, txOf } from '../transactions/test-helpers.ts';
import { kindOfContent, zipEntryNames } from './attachments.detect.ts';
import { cleanFileName, contentDisposition } from './attachments.service.ts';

/** A real ZIP (deflated entries, central directory, end record), as Word writes a .docx. */
export function zip(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const raw = Buffer.from(text);
    const data = deflateRawSync(raw);
    const nameBuf = Buffer.from(name);
    const crc = crc32(raw);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(raw.length, 22);
    local.writeUInt16LE(nameBuf.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(raw.length, 24);
    central.writeUInt16LE(nameBuf.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBuf, data);
    centrals.push(central, nameBuf);
    offset += local.length + nameBuf.length + data.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

export const minimalDocx = () =>
  zip({
    '[Content_Types].xml':
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    '_rels/.rels':
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    'word/document.xml':
      '<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>Bunker delivery note</w:t></w:r></w:p></w:body></w:document>',
  });

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
const DOC = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504)]);
const ELF = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]), Buffer.alloc(120, 1)]);
const MZ = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(120, 0xff)]);

describe('attachment names and content', () => {
  it('quotes the download name safely: an ASCII fallback and the exact name RFC 5987 encoded', () => {
    expect(contentDisposition('a"b\\c%d.pdf')).toBe(`attachment; filename="a_b_c_d.pdf"; filename*=UTF-8''a%22b%5Cc%25d.pdf`);
    expect(contentDisposition('ok.txt')).toBe(`attachment; filename="ok.txt"; filename*=UTF-8''ok.txt`);
  });

  it('cleans a file name: no directories, control or bidi-override characters, at most 200 characters keeping the extension', () => {
    expect(cleanFileName('../../etc/passwd.txt')).toBe('passwd.txt');
    expect(cleanFileName('C:\\Users\\x\\a.pdf')).toBe('a.pdf');
    expect(cleanFileName('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
    expect(cleanFileName('line\r\nbreak\u0000.txt')).toBe('linebreak.txt');
    const long = cleanFileName(`${'x'.repeat(300)}.docx`);
    expect([long.length, long.endsWith('.docx')]).toEqual([200, true]);
  });

  it('reads a ZIP’s central directory without inflating, and refuses a truncated one', () => {
    const docx = minimalDocx();
    expect(zipEntryNames(docx)).toEqual(['[Content_Types].xml', '_rels/.rels', 'word/document.xml']);
    expect(kindOfContent(docx)).toBe('docx');
    expect(zipEntryNames(docx.subarray(0, docx.length - 30))).toBeNull();
    expect(kindOfContent(docx.subarray(0, 200))).toBeNull();
  });
});

describe('attachments of a transaction', () => {
  let t: TestApp;
  let p: People;
  let listing: string;
  let order: string;

  const upload = (id: string, headers: Record<string, string>, data: Buffer, filename: string, type = 'application/octet-stream') => {
    const body = multipart([{ field: 'file', data, filename, type }]);
    return t.app.inject({ method: 'POST', url: `/v1/marketplace/transaction/${id}/attachment`, headers: { ...headers, ...body.headers }, payload: body.payload });
  };
  const uploaded = async (id: string, headers: Record<string, string>, data: Buffer, filename: string) => {
    const res = await upload(id, headers, data, filename);
    expect(res.statusCode, res.body).toBe(201);
    return json<{ data: Attachment }>(res).data;
  };
  const download = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });
  const remove = (id: string, headers: Record<string, string>, url: unknown) =>
    t.app.inject({ method: 'DELETE', url: `/v1/marketplace/transaction/${id}/attachment`, headers, payload: { url } });
  const listOf = async (id: string, headers: Record<string, string>) =>
    json<AttachmentList>(await t.app.inject({ method: 'GET', url: `/api/transactions/${id}/attachments`, headers })).data;

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MIN: '100000' });
    p = await people(t);
    listing = await publishedListing(t.app, p);
    order = txOf(await place(t.app, p.buyer, initiateBody(listing))).id;
  });
  afterAll(() => t.close());

  it('takes a PDF, a DOC, a DOCX and a TXT whose content matches the name, and lists them on the transaction', async () => {
    const pdf = await uploaded(order, p.buyer, PDF, 'Bunker note.pdf');
    expect(pdf).toMatchObject({ name: 'Bunker note.pdf', kind: 'pdf', contentType: 'application/pdf', size: PDF.length, uploader: { displayName: 'Bruno Buyer' } });
    expect(pdf.url).toBe(`/api/transactions/${order}/attachments/${pdf.id}`);
    expect((await uploaded(order, p.seller, DOC, 'old.DOC')).kind).toBe('doc');
    const docx = await uploaded(order, p.seller, minimalDocx(), 'Crew list.docx');
    expect(docx).toMatchObject({ kind: 'docx', contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' });
    const txt = await uploaded(order, p.buyer, Buffer.from('Laituri 3, klo 06:00\nKiitos – ääkköset\n'), 'ohjeet.txt');
    expect(txt).toMatchObject({ kind: 'txt', contentType: 'text/plain; charset=utf-8' });

    const shown = txOf(await t.app.inject({ method: 'GET', url: `/api/transactions/${order}`, headers: p.seller })) as Transaction;
    expect(shown.attachments?.map((a) => a.name)).toEqual(['Bunker note.pdf', 'old.DOC', 'Crew list.docx', 'ohjeet.txt']);
    expect((await listOf(order, p.operator)).map((a) => a.kind)).toEqual(['pdf', 'doc', 'docx', 'txt']);
    // The orders list carries each row's attachments too (the orders table shows them).
    const purchases = json<{ data: Transaction[] }>(await t.app.inject({ method: 'GET', url: '/api/transactions?only=order', headers: p.buyer })).data;
    expect(purchases.find((x) => x.id === order)?.attachments?.map((a) => a.name)).toEqual(['Bunker note.pdf', 'old.DOC', 'Crew list.docx', 'ohjeet.txt']);
    // Built inside the page's statement, field for field as the transaction's own answer has them, filtered or not.
    expect(purchases.find((x) => x.id === order)?.attachments).toEqual(shown.attachments);
    const filtered = json<{ data: Transaction[] }>(
      await t.app.inject({ method: 'GET', url: '/api/transactions?only=order&createdAtStart=2000-01-01T00:00:00.000Z', headers: p.buyer }),
    ).data;
    expect(filtered.find((x) => x.id === order)?.attachments).toEqual(shown.attachments);
    expect(filtered.filter((x) => x.id !== order).every((x) => x.attachments?.length === 0)).toBe(true);
    // Stored outside the public uploads directory.
    const files = await readdir(path.join(t.ctx.config.DATA_DIR, 'attachments', order));
    expect(files.sort()).toEqual([pdf.id, docx.id, txt.id, (await listOf(order, p.buyer))[1]!.id].sort());
  });

  it('refuses a file whose content is not what its name says: renamed executables, a ZIP called .docx, other types', async () => {
    const refused = [
      [ELF, 'invoice.pdf'],
      [MZ, 'invoice.pdf'],
      [MZ, 'notes.txt'],
      [ELF, 'notes.txt'],
      [PDF, 'invoice.exe'],
      [PDF, 'invoice.docx'],
      [PDF, 'invoice'],
      [zip({ 'readme.txt': 'not a Word file' }), 'report.docx'],
      [zip({ '[Content_Types].xml': '<Types/>', 'xl/workbook.xml': '<workbook/>' }), 'sheet.docx'],
      [minimalDocx(), 'renamed.pdf'],
      [Buffer.from([0x66, 0x6f, 0xff, 0xfe, 0x6f]), 'latin.txt'],
      [Buffer.from('text with a\u0000NUL'), 'nul.txt'],
      [Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), 'photo.png'],
    ] as const;
    for (const [data, name] of refused) {
      const res = await upload(order, p.buyer, data, name, 'application/pdf');
      expect([name, res.statusCode]).toEqual([name, 415]);
      expect(json(res)).toMatchObject({ apiErrors: [{ code: 'attachment-unsupported-type', meta: { invalidParams: [{ path: 'file', message: 'errors:attachment-unsupported-type' }] } }] });
    }
  });

  it('refuses more than 20 MB with request-upload-over-limit and a malformed multipart body with 400', async () => {
    const big = Buffer.alloc(21 * 1024 * 1024, 0x61);
    const res = await upload(order, p.buyer, big, 'big.txt');
    expect(res.statusCode, res.body).toBe(413);
    expect(errorCodes(res)).toEqual(['request-upload-over-limit']);
    // Exactly 20 MB is still allowed.
    expect((await upload(order, p.buyer, Buffer.alloc(20 * 1024 * 1024, 0x61), 'exact.txt')).statusCode).toBe(201);

    const url = `/v1/marketplace/transaction/${order}/attachment`;
    const broken = await t.app.inject({ method: 'POST', url, headers: { ...p.buyer, 'content-type': 'multipart/form-data; boundary=xyz' }, payload: '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nhello' });
    expect(broken.statusCode, broken.body).toBe(400);
    expect(errorCodes(broken)).toEqual(['validation-invalid-params']);
    const noBoundary = await t.app.inject({ method: 'POST', url, headers: { ...p.buyer, 'content-type': 'multipart/form-data' }, payload: 'garbage' });
    expect(noBoundary.statusCode).toBe(400);
    const two = multipart([
      { field: 'file', data: PDF, filename: 'one.pdf' },
      { field: 'file', data: PDF, filename: 'two.pdf' },
    ]);
    const twoFiles = await t.app.inject({ method: 'POST', url, headers: { ...p.buyer, ...two.headers }, payload: two.payload });
    expect(twoFiles.statusCode, twoFiles.body).toBe(400);
    expect(json(twoFiles)).toMatchObject({ apiErrors: [{ code: 'validation-invalid-params', meta: { reason: 'FST_FILES_LIMIT' } }] });
    const noFile = multipart([], { note: 'no file here' });
    const empty = await t.app.inject({ method: 'POST', url, headers: { ...p.buyer, ...noFile.headers }, payload: noFile.payload });
    expect(empty.statusCode, empty.body).toBe(400);
    expect(errorCodes(empty)).toEqual(['validation-invalid-params']);
  });

  it('serves a file only to the parties and the operator, as a download with a safe name and nosniff', async () => {
    const name = "Sääntö (v2); 'final'.pdf";
    const a = await uploaded(order, p.seller, PDF, `C:\\Users\\selma\\${name}`);
    expect(a.name).toBe(name);
    for (const who of [p.buyer, p.seller, p.operator]) {
      const res = await download(a.url, who);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(PDF)).toBe(true);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="S__nt_ (v2); 'final'.pdf"; filename*=UTF-8''S%C3%A4%C3%A4nt%C3%B6%20%28v2%29%3B%20%27final%27.pdf`,
      );
    }
    for (const stranger of [p.buyer2, p.trader, p.limited]) {
      const res = await download(a.url, stranger);
      expect(res.statusCode).toBe(404);
      expect(res.rawPayload.includes(Buffer.from('%PDF'))).toBe(false);
      expect((await t.app.inject({ method: 'GET', url: `/api/transactions/${order}/attachments`, headers: stranger })).statusCode).toBe(404);
    }
    expect((await upload(order, p.buyer2, PDF, 'x.pdf')).statusCode).toBe(404);
    expect((await upload(order, p.limited, PDF, 'x.pdf')).statusCode).toBe(403);
    expect((await download(a.url, {})).statusCode).toBe(401);
    // The file of another transaction is not reachable through this one.
    const other = txOf(await place(t.app, p.buyer2, initiateBody(listing))).id;
    const theirs = await uploaded(other, p.buyer2, PDF, 'theirs.pdf');
    expect((await download(`/api/transactions/${order}/attachments/${theirs.id}`, p.buyer)).statusCode).toBe(404);
  });

  it('is deleted by its uploader or the operator only', async () => {
    const a = await uploaded(order, p.buyer, PDF, 'remove-me.pdf');
    expect(json(await remove(order, p.seller, a.url))).toMatchObject({ apiErrors: [{ code: 'forbidden', status: 403 }] });
    expect((await remove(order, p.buyer2, a.url)).statusCode).toBe(404);
    expect((await remove(order, p.buyer, `/api/transactions/${order}/attachments/00000000-0000-4000-8000-000000000000`)).statusCode).toBe(404);
    expect((await remove(order, p.buyer, 'not a url at all')).statusCode).toBe(404);
    expect((await remove(order, p.buyer, '')).statusCode).toBe(400);
    const del = await remove(order, p.buyer, `http://localhost:3000${a.url}`);
    expect(del.statusCode, del.body).toBe(204);
    expect((await download(a.url, p.buyer)).statusCode).toBe(404);
    expect((await listOf(order, p.buyer)).map((x) => x.id)).not.toContain(a.id);
    expect(await readdir(path.join(t.ctx.config.DATA_DIR, 'attachments', order))).not.toContain(a.id);

    const bySeller = await uploaded(order, p.seller, PDF, 'operator-removes.pdf');
    expect((await remove(order, p.operator, bySeller.url)).statusCode).toBe(204);
  });
});
