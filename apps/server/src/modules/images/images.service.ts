import { copyFile, mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { Metadata, Sharp } from 'sharp';
import { IMAGE_MAX_BYTES, IMAGE_MAX_DIMENSION, IMAGE_MAX_MEGAPIXELS, type ImageAsset } from '@harbor/contracts';
import type { AppContext } from '../../context.ts';
import { jsonObject, jsonObjectAgg, jsonPlain, jsonValue, type Tx } from '../../db/index.ts';
import { AppError } from '../../plugins/errors.ts';
import * as repo from './images.repository.ts';
import type { StoredVariant, images } from './images.schema.ts';

export type ImagePurpose = (typeof images.$inferInsert)['purpose'];
type ImageRow = typeof images.$inferSelect;

/** Photos are JPG, GIF or PNG (seller spec section 5). */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'gif']);

/**
 * Variant names and sizes. Square ones are cropped to fill (cards and icons);
 * scaled ones keep the aspect, never grow the original, and stay within
 * 3072 px both ways even for very tall images.
 */
const VARIANTS: { name: string; width: number; height?: number }[] = [
  { name: 'listing-card', width: 400, height: 400 },
  { name: 'square-small', width: 240, height: 240 },
  { name: 'square-small2x', width: 480, height: 480 },
  { name: 'scaled-small', width: 400 },
  { name: 'scaled-medium', width: 800 },
  { name: 'scaled-large', width: 1600 },
  { name: 'scaled-xlarge', width: 2400 },
];

export function uploadsDir(ctx: Pick<AppContext, 'config'>): string {
  return path.join(ctx.config.DATA_DIR, 'uploads');
}

export function toImageAsset(row: Pick<ImageRow, 'id' | 'variants' | 'version'>): ImageAsset {
  const variants: ImageAsset['variants'] = {};
  for (const [name, v] of Object.entries(row.variants)) {
    variants[name] = { url: `/uploads/${v.path}?v=${row.version}`, width: v.width, height: v.height };
  }
  return { id: row.id, variants };
}

/**
 * toImageAsset written by the database, for JSON it builds: `i` names a row of images in the
 * enclosing statement. The same URLs; variants in the order jsonb keeps them.
 */
const variant = jsonObject({
  url: jsonPlain(sql.raw(`'/uploads/' || (v.value->>'path') || '?v=' || i.version`)),
  width: jsonValue(sql.raw(`v.value->'width'`)),
  height: jsonValue(sql.raw(`v.value->'height'`)),
});
export const imageAssetSql = jsonObject({
  id: jsonPlain(sql.raw('i.id')),
  variants: sql<string>`(select ${jsonObjectAgg(sql.raw('v.key'), variant)} from jsonb_each(i.variants) v)`,
});

function couldNotRead(): AppError {
  return new AppError('validation-invalid-value', 400, {
    invalidParams: [{ path: 'image', message: 'images:errors.couldNotRead' }],
  });
}

/** Decoding stops above this many pixels even if a header understated them (sharp's own guard). */
const MAX_INPUT_PIXELS = IMAGE_MAX_MEGAPIXELS * 1_000_000;

async function inspect(data: Buffer) {
  if (data.length > IMAGE_MAX_BYTES) throw new AppError('request-upload-over-limit', 413, { maxBytes: IMAGE_MAX_BYTES });
  let meta: Metadata;
  try {
    // metadata() reads the header only: the pixel count is known before anything is decoded.
    meta = await sharp(data, { failOn: 'error', limitInputPixels: false }).metadata();
  } catch {
    throw couldNotRead();
  }
  if (!meta.format || !ACCEPTED_FORMATS.has(meta.format)) {
    throw new AppError('validation-invalid-value', 400, {
      invalidParams: [{ path: 'image', message: 'images:errors.unsupportedType' }],
      format: meta.format ?? null,
    });
  }
  // A decompression bomb (16 000 × 16 000 pixels of one colour is a few KB of PNG) is refused before decoding.
  const pixels = (meta.width ?? 0) * (meta.pageHeight ?? meta.height ?? 0);
  if (pixels > MAX_INPUT_PIXELS) {
    throw new AppError('image-too-many-pixels', 400, {
      maxMegapixels: IMAGE_MAX_MEGAPIXELS,
      width: meta.width,
      height: meta.height,
      invalidParams: [{ path: 'image', message: 'errors:image-too-many-pixels' }],
    });
  }
  return meta;
}

function render(data: Buffer, variant: (typeof VARIANTS)[number], keepAlpha: boolean): Sharp {
  // rotate() applies the EXIF orientation, so phone photos are upright.
  let img = sharp(data, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS }).rotate();
  img = variant.height
    ? img.resize(variant.width, variant.height, { fit: 'cover', position: 'attention' })
    : img.resize({ width: variant.width, height: IMAGE_MAX_DIMENSION, fit: 'inside', withoutEnlargement: true });
  return keepAlpha ? img.png({ compressionLevel: 8 }) : img.flatten({ background: '#ffffff' }).jpeg({ quality: 82, mozjpeg: true });
}

/**
 * Stores an upload: checks size and type, writes every variant under
 * DATA_DIR/uploads/<purpose>/<id>/ and records them. A file sharp cannot
 * decode is answered with "could not read file", never a 500.
 */
export async function storeImage(
  ctx: AppContext,
  input: { data: Buffer; uploaderId: string; purpose: ImagePurpose },
  db: Tx = ctx.db,
): Promise<ImageAsset> {
  const meta = await inspect(input.data);
  const keepAlpha = Boolean(meta.hasAlpha) && meta.format !== 'jpeg';
  const ext = keepAlpha ? 'png' : 'jpg';
  const id = crypto.randomUUID();
  const version = Date.now();
  const relDir = path.posix.join(input.purpose, id);
  const absDir = path.join(uploadsDir(ctx), relDir);
  await mkdir(absDir, { recursive: true });
  const variants: Record<string, StoredVariant> = {};
  try {
    for (const v of VARIANTS) {
      const file = `${v.name}.${ext}`;
      const info = await render(input.data, v, keepAlpha).toFile(path.join(absDir, file));
      variants[v.name] = { path: path.posix.join(relDir, file), width: info.width, height: info.height };
    }
  } catch (err) {
    await rm(absDir, { recursive: true, force: true });
    if (err instanceof AppError) throw err;
    throw couldNotRead();
  }
  const row = await repo.insertImage(db, { id, uploaderId: input.uploaderId, purpose: input.purpose, variants, version });
  return toImageAsset(row);
}

export async function findImageAssets(db: Tx, ids: readonly string[]): Promise<Map<string, ImageAsset>> {
  const rows = ids.length ? await repo.findImages(db, ids) : [];
  return new Map(rows.map((r) => [r.id, toImageAsset(r)]));
}

export async function findImageRows(db: Tx, ids: readonly string[]) {
  return ids.length ? repo.findImages(db, ids) : [];
}

/**
 * Registers ready-made variant files (demo seed assets) under a fixed id,
 * without decoding them; a second call with the same id changes nothing.
 */
export async function importStaticImage(
  ctx: AppContext,
  input: { id: string; uploaderId: string; sources: Record<string, { file: string; width: number; height: number }> },
): Promise<string> {
  const relDir = path.posix.join('seed', input.id);
  await mkdir(path.join(uploadsDir(ctx), relDir), { recursive: true });
  const variants: Record<string, StoredVariant> = {};
  for (const [name, src] of Object.entries(input.sources)) {
    const rel = path.posix.join(relDir, `${name}${path.extname(src.file)}`);
    await copyFile(src.file, path.join(uploadsDir(ctx), rel));
    variants[name] = { path: rel, width: src.width, height: src.height };
  }
  await repo.insertImageIfMissing(ctx.db, { id: input.id, uploaderId: input.uploaderId, purpose: 'seed', variants, version: Date.now() });
  return input.id;
}
