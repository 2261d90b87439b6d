/**
 * Streaming CSV (RFC 4180: quoted fields, doubled quotes, newlines inside
 * quotes, CRLF). Yields one record per row as header-keyed objects, so a 13 MB
 * file never sits in memory as a whole.
 */
export async function* csvRecords(chunks: AsyncIterable<string | Buffer>): AsyncGenerator<Record<string, string>> {
  let header: string[] | null = null;
  let field = '';
  let row: string[] = [];
  let quoted = false;
  // A quote at the end of a chunk may be the first of a doubled pair.
  let pendingQuote = false;

  const endRow = (): Record<string, string> | null => {
    row.push(field);
    field = '';
    const r = row;
    row = [];
    if (r.length === 1 && r[0] === '') return null; // blank line
    if (!header) {
      header = r.map((h) => h.replace(/^\uFEFF/, '').trim());
      return null;
    }
    const rec: Record<string, string> = {};
    header.forEach((h, i) => (rec[h] = r[i] ?? ''));
    return rec;
  };

  for await (const chunk of chunks) {
    const s = typeof chunk === 'string' ? chunk : chunk.toString('utf8');
    for (let i = 0; i < s.length; i++) {
      const c = s[i]!;
      if (pendingQuote) {
        pendingQuote = false;
        if (c === '"') {
          field += '"';
          continue;
        }
        quoted = false;
      }
      if (quoted) {
        if (c === '"') pendingQuote = true;
        else field += c;
        continue;
      }
      if (c === '"') quoted = true;
      else if (c === ',') {
        row.push(field);
        field = '';
      } else if (c === '\n') {
        const rec = endRow();
        if (rec) yield rec;
      } else if (c !== '\r') field += c;
    }
  }
  if (field !== '' || row.length > 0) {
    const rec = endRow();
    if (rec) yield rec;
  }
}
