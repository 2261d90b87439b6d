import { gzipSync } from 'node:zlib';
import { zxyToTileId } from 'pmtiles';

/**
 * A minimal PMTiles v3 writer (one root directory, gzipped tiles), enough to
 * make small real archives for tests: the spec's header, varint directory and
 * JSON metadata, read back by the same `pmtiles` package the server uses.
 */
function varint(n: number, out: number[]) {
  while (n >= 0x80) {
    out.push((n % 0x80) | 0x80);
    n = Math.floor(n / 0x80);
  }
  out.push(n);
}

export function writePmtiles(tiles: { z: number; x: number; y: number; mvt: Uint8Array }[], metadata: Record<string, unknown> = {}): Buffer {
  const entries = tiles.map((t) => ({ id: zxyToTileId(t.z, t.x, t.y), data: gzipSync(t.mvt) })).sort((a, b) => a.id - b.id);
  let offset = 0;
  const placed = entries.map((e) => {
    const p = { ...e, offset };
    offset += e.data.length;
    return p;
  });
  const dir: number[] = [];
  varint(placed.length, dir);
  let last = 0;
  for (const e of placed) {
    varint(e.id - last, dir);
    last = e.id;
  }
  for (const _ of placed) varint(1, dir); // run length
  for (const e of placed) varint(e.data.length, dir);
  placed.forEach((e, i) => varint(i > 0 && e.offset === placed[i - 1]!.offset + placed[i - 1]!.data.length ? 0 : e.offset + 1, dir));
  const meta = Buffer.from(JSON.stringify(metadata));
  const tileData = Buffer.concat(placed.map((e) => e.data));
  const zs = tiles.map((t) => t.z);

  const header = Buffer.alloc(127);
  header.write('PMTiles', 0, 'ascii');
  header.writeUInt8(3, 7);
  const u64 = (pos: number, v: number) => header.writeBigUInt64LE(BigInt(v), pos);
  const rootOffset = 127;
  u64(8, rootOffset);
  u64(16, dir.length);
  u64(24, rootOffset + dir.length);
  u64(32, meta.length);
  u64(40, rootOffset + dir.length + meta.length); // no leaf directories
  u64(48, 0);
  u64(56, rootOffset + dir.length + meta.length);
  u64(64, tileData.length);
  u64(72, placed.length);
  u64(80, placed.length);
  u64(88, placed.length);
  header.writeUInt8(1, 96); // clustered
  header.writeUInt8(1, 97); // internal compression: none
  header.writeUInt8(2, 98); // tile compression: gzip
  header.writeUInt8(1, 99); // tile type: MVT
  header.writeUInt8(Math.min(...zs), 100);
  header.writeUInt8(Math.max(...zs), 101);
  header.writeInt32LE(-180e7, 102);
  header.writeInt32LE(-85e7, 106);
  header.writeInt32LE(180e7, 110);
  header.writeInt32LE(85e7, 114);
  header.writeUInt8(0, 118);
  return Buffer.concat([header, Buffer.from(dir), meta, tileData]);
}
