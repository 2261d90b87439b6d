import { open, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { LRUCache } from 'lru-cache';
import { Compression, PMTiles, TileType, type RangeResponse, type Source } from 'pmtiles';

/**
 * The optional full basemap (BASEMAP_PMTILES): a Protomaps PMTiles archive on
 * local disk, read with the `pmtiles` package through a file-handle source and
 * served tile by tile, gzipped, so the browser needs neither range requests nor
 * the pmtiles protocol.
 */
class LocalFileSource implements Source {
  constructor(
    private readonly file: FileHandle,
    private readonly key: string,
  ) {}

  getKey(): string {
    return this.key;
  }

  async getBytes(offset: number, length: number): Promise<RangeResponse> {
    const buf = Buffer.allocUnsafe(length);
    const { bytesRead } = await this.file.read(buf, 0, length, offset);
    return { data: buf.buffer.slice(buf.byteOffset, buf.byteOffset + bytesRead) as ArrayBuffer };
  }
}

async function decompress(data: ArrayBuffer, compression: Compression): Promise<ArrayBuffer> {
  const bytes = new Uint8Array(data);
  let out: Buffer;
  if (compression === Compression.None || compression === Compression.Unknown) return data;
  if (compression === Compression.Gzip) out = gunzipSync(bytes);
  else if (compression === Compression.Brotli) out = brotliDecompressSync(bytes);
  else throw new Error(`PMTiles compression ${compression} is not supported (gzip, brotli or none)`);
  return out.buffer.slice(out.byteOffset, out.byteOffset + out.length) as ArrayBuffer;
}

export interface Basemap {
  minZoom: number;
  maxZoom: number;
  bounds: [number, number, number, number];
  attribution: string;
  /** Changes with the archive (its size and modification time), for cache validation. */
  etag: string;
  /** Gzipped MVT bytes, or null when the archive has no such tile. */
  tile(z: number, x: number, y: number): Promise<Buffer | null>;
  close(): Promise<void>;
}

export async function openBasemap(file: string): Promise<Basemap> {
  const handle = await open(file, 'r');
  try {
    const stat = await handle.stat();
    const archive = new PMTiles(new LocalFileSource(handle, path.resolve(file)), undefined, decompress);
    const header = await archive.getHeader();
    if (header.tileType !== TileType.Mvt) throw new Error(`${file}: the archive holds tile type ${header.tileType}, not vector tiles (MVT)`);
    const metadata = (await archive.getMetadata()) as { attribution?: unknown } | null;
    const cache = new LRUCache<string, Buffer>({ maxSize: 32 * 1024 * 1024, sizeCalculation: (b) => Math.max(1, b.length) });
    return {
      minZoom: header.minZoom,
      maxZoom: header.maxZoom,
      bounds: [header.minLon, header.minLat, header.maxLon, header.maxLat],
      attribution:
        typeof metadata?.attribution === 'string' && metadata.attribution
          ? metadata.attribution
          : '<a href="https://protomaps.com" target="_blank" rel="noopener">Protomaps</a> © <a href="https://openstreetmap.org/copyright" target="_blank" rel="noopener">OpenStreetMap</a>',
      etag: `"basemap-${stat.size.toString(36)}-${Math.round(stat.mtimeMs).toString(36)}"`,
      async tile(z, x, y) {
        if (z < header.minZoom || z > header.maxZoom || x >= 2 ** z || y >= 2 ** z) return null;
        const key = `${z}/${x}/${y}`;
        const hit = cache.get(key);
        if (hit) return hit;
        const found = await archive.getZxy(z, x, y);
        if (!found) return null;
        const gz = gzipSync(new Uint8Array(found.data), { level: 6 });
        cache.set(key, gz);
        return gz;
      },
      close: () => handle.close(),
    };
  } catch (err) {
    await handle.close();
    throw err;
  }
}
