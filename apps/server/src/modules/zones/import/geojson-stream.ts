/**
 * Streaming GeoJSON: yields each object of a FeatureCollection's `features`
 * array (or of a top-level array) without parsing the whole file. It tracks
 * strings and nesting depth to find where each feature's text begins and ends,
 * then JSON.parses that slice alone.
 */
export async function* geojsonFeatures(chunks: AsyncIterable<string | Buffer>): AsyncGenerator<unknown> {
  let inString = false;
  let escaped = false;
  let depth = 0;
  /** Depth of the array whose elements are features; -1 until found. */
  let arrayDepth = -1;
  let lastKey = '';
  let keyBuf: string | null = null;
  let buf = '';
  let collecting = false;

  for await (const chunk of chunks) {
    const s = typeof chunk === 'string' ? chunk : chunk.toString('utf8');
    for (let i = 0; i < s.length; i++) {
      const c = s[i]!;
      if (collecting) buf += c;
      if (inString) {
        if (escaped) escaped = false;
        else if (c === '\\') escaped = true;
        else if (c === '"') {
          inString = false;
          if (keyBuf !== null) {
            lastKey = keyBuf;
            keyBuf = null;
          }
        } else if (keyBuf !== null) keyBuf += c;
        continue;
      }
      if (c === '"') {
        inString = true;
        // Only keys of the top-level object matter (to find "features").
        if (!collecting && depth === 1) keyBuf = '';
      } else if (c === '{' || c === '[') {
        if (arrayDepth === -1 && c === '[' && (depth === 0 || (depth === 1 && lastKey === 'features'))) {
          arrayDepth = depth + 1;
        } else if (!collecting && depth === arrayDepth && c === '{') {
          collecting = true;
          buf = '{';
        }
        depth++;
      } else if (c === '}' || c === ']') {
        depth--;
        if (collecting && depth === arrayDepth) {
          collecting = false;
          yield JSON.parse(buf);
          buf = '';
        }
      }
    }
  }
  if (depth !== 0 || inString) throw new Error('GeoJSON ends early (truncated file?)');
}
