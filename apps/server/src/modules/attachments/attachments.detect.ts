import type { AttachmentKind } from '@harbor/contracts';

/**
 * What a file really is, from its bytes: an attachment passes only when its
 * content and its name's extension both say PDF, DOC, DOCX or TXT, so a
 * renamed executable (or a ZIP called .docx) is refused.
 */

const PDF = Buffer.from('%PDF-');
/** The OLE2 compound file header Word 97-2003 documents start with. */
const OLE2 = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ZIP_LOCAL = 0x04034b50;
const ZIP_EOCD = 0x06054b50;
const ZIP_CENTRAL = 0x02014b50;

const EXTENSIONS: Record<string, AttachmentKind> = { pdf: 'pdf', doc: 'doc', docx: 'docx', txt: 'txt' };

export function kindOfName(name: string): AttachmentKind | null {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? null : (EXTENSIONS[name.slice(dot + 1).toLowerCase()] ?? null);
}

/**
 * The file names in a ZIP's central directory, read from the end-of-central-
 * directory record without inflating anything; null when the structure is
 * not a well-formed ZIP (ZIP64 included: no Word document needs it under 20 MB).
 */
export function zipEntryNames(data: Buffer): string[] | null {
  if (data.length < 22 || data.readUInt32LE(0) !== ZIP_LOCAL) return null;
  // The EOCD record is the last 22 bytes plus a comment of up to 65535 bytes.
  const from = Math.max(0, data.length - 22 - 0xffff);
  let eocd = -1;
  for (let i = data.length - 22; i >= from; i--) {
    if (data.readUInt32LE(i) === ZIP_EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  const entries = data.readUInt16LE(eocd + 10);
  const size = data.readUInt32LE(eocd + 12);
  const offset = data.readUInt32LE(eocd + 16);
  if (offset + size > eocd) return null;
  const names: string[] = [];
  let p = offset;
  for (let n = 0; n < entries; n++) {
    if (p + 46 > eocd || data.readUInt32LE(p) !== ZIP_CENTRAL) return null;
    const nameLen = data.readUInt16LE(p + 28);
    const extraLen = data.readUInt16LE(p + 30);
    const commentLen = data.readUInt16LE(p + 32);
    const end = p + 46 + nameLen;
    if (end > eocd) return null;
    names.push(data.toString('utf8', p + 46, end));
    p = end + extraLen + commentLen;
  }
  return names;
}

/** Plain text: valid UTF-8 without NUL (binaries nearly always hold NUL bytes; valid UTF-8 rules out the rest). */
function isText(data: Buffer): boolean {
  if (data.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(data);
    return true;
  } catch {
    return false;
  }
}

export function kindOfContent(data: Buffer): AttachmentKind | null {
  if (data.subarray(0, PDF.length).equals(PDF)) return 'pdf';
  if (data.subarray(0, OLE2.length).equals(OLE2)) return 'doc';
  const names = zipEntryNames(data);
  if (names) return names.includes('word/document.xml') && names.includes('[Content_Types].xml') ? 'docx' : null;
  return isText(data) ? 'txt' : null;
}

/** The kind when content and name agree; null otherwise. */
export function detectKind(data: Buffer, name: string): AttachmentKind | null {
  const byName = kindOfName(name);
  return byName && kindOfContent(data) === byName ? byName : null;
}
