import { closeSync, fsyncSync, openSync, renameSync, writeFileSync } from 'node:fs';

/** Flushes a file's data to disk. */
export function fsyncFile(file: string): void {
  const fd = openSync(file, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Flushes a directory entry change (create, rename, delete) to disk. */
export function fsyncDir(dir: string): void {
  fsyncFile(dir);
}

/** Replaces a small file atomically: readers see the old content or the new one, never a mix. */
export function writeFileAtomic(file: string, content: string): void {
  const tmp = `${file}.tmp-${process.pid}`;
  writeFileSync(tmp, content);
  fsyncFile(tmp);
  renameSync(tmp, file);
}
