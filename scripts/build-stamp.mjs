/**
 * Build stamps: a content hash per input file, kept beside the output, so a build whose
 * inputs have not changed is skipped (`npm start` a second time takes seconds, not a
 * minute of Vite). Content hashes rather than mtimes: a git checkout or a copy touches
 * mtimes without changing anything.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** sha1 of a file's bytes, or null when it is gone. */
export function hashFile(file) {
  try {
    return createHash('sha1').update(readFileSync(file)).digest('hex');
  } catch {
    return null;
  }
}

/**
 * Every file under `dir` (recursively), skipping directories named in `skipDirs` and
 * files for which `skipFile(name)` is true.
 */
export function walk(dir, { skipDirs = [], skipFile = () => false } = {}) {
  const out = [];
  if (!existsSync(dir)) return out;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!skipDirs.includes(entry.name)) out.push(...walk(full, { skipDirs, skipFile }));
    } else if (entry.isFile() && !skipFile(entry.name)) {
      out.push(full);
    }
  }
  return out;
}

/** { relative path: hash } for the given files, relative to `root`. */
export function hashFiles(root, files) {
  const hashes = {};
  for (const f of [...files].sort()) hashes[path.relative(root, f)] = hashFile(f);
  return hashes;
}

/** The stamp written after the last successful build, or null. */
export function readStamp(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

export function writeStamp(file, stamp) {
  writeFileSync(file, JSON.stringify(stamp, null, 1) + '\n');
}

/**
 * True when every file recorded in the stamp still has its recorded hash and `extra`
 * (tool versions, the build script itself) is the same.
 */
export function stampIsCurrent(root, stamp, extra) {
  if (!stamp || typeof stamp.files !== 'object' || JSON.stringify(stamp.extra) !== JSON.stringify(extra)) return false;
  return Object.entries(stamp.files).every(([rel, hash]) => hashFile(path.join(root, rel)) === hash);
}
