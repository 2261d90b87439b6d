import { constants as zlib } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { COMPRESS_FROM_BYTES } from '../lib/encoded-answer.ts';

/**
 * JSON and text answers compressed for clients that take it: an orders page is ~90 kB of JSON
 * and ~3 kB at brotli 1 (0.1 ms), which matters on a ship's or a phone's link. Answers already
 * encoded (ships positions from their answer cache, map tiles, the precompressed web build) pass
 * as they are; files (images, attachments) are not compressible types. Request bodies are not
 * inflated: a gzip body would slip past the body limit.
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_FROM_BYTES,
    // Brotli 1 does about 1 MB a millisecond: in place up to 512 kB costs less than the stream pipeline.
    syncThreshold: 512 * 1024,
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 1 } },
    zlibOptions: { level: 1 },
    customTypes: /^text\/(?!event-stream)|[+/]json(?:;|$)|[+/]xml(?:;|$)|javascript/,
    globalDecompression: false,
  });
}
