import { mkdir, open, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where attachment bytes live. The local default keeps them under
 * DATA_DIR/attachments, outside the public /uploads/ directory: they are
 * served only through the access-checked download route. An object store
 * would implement the same three calls.
 */
export interface AttachmentStore {
  put(key: string, data: Buffer): Promise<void>;
  /** Opened before anything is answered, so a missing file is a clean 404, not a broken download. Null when missing. */
  get(key: string): Promise<Readable | null>;
  remove(key: string): Promise<void>;
}

/** Keys are made by the server (`<transactionId>/<attachmentId>`), never from a client's file name. */
const KEY_RE = /^[0-9a-f-]{36}\/[0-9a-f-]{36}$/;

export function localAttachmentStore(dataDir: string): AttachmentStore {
  const root = path.join(dataDir, 'attachments');
  const fileOf = (key: string) => {
    if (!KEY_RE.test(key)) throw new Error(`invalid attachment key ${key}`);
    return path.join(root, key);
  };
  return {
    async put(key, data) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      // wx: never overwrite; keys are fresh uuids.
      await writeFile(file, data, { flag: 'wx', mode: 0o600 });
    },
    async get(key) {
      try {
        const handle = await open(fileOf(key), 'r');
        return handle.createReadStream();
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async remove(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}
