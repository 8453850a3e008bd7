import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';

/**
 * Blob storage behind one interface. Keys are random ids made by the app, never user-supplied names.
 * The local driver keeps files under DATA_DIR/files; an S3 driver implements the same shape.
 */
export type Storage = {
  put(key: string, body: Buffer | Readable): Promise<void>;
  read(key: string): Promise<Readable>;
  delete(key: string): Promise<void>;
};

export function localStorage(root: string): Storage {
  const fileOf = (key: string) => {
    if (!/^[\w.-]+$/.test(key)) throw new Error('invalid storage key');
    return path.join(root, key.slice(0, 2), key);
  };
  return {
    async put(key, body) {
      const file = fileOf(key);
      await fsp.mkdir(path.dirname(file), { recursive: true });
      // Write to a temporary name and rename, so a crash never leaves a half-written blob under its key.
      const temporary = `${file}.${process.pid}.tmp`;
      if (Buffer.isBuffer(body)) await fsp.writeFile(temporary, body);
      else await pipeline(body, fs.createWriteStream(temporary));
      await fsp.rename(temporary, file);
    },
    async read(key) {
      const file = fileOf(key);
      await fsp.access(file);
      return fs.createReadStream(file);
    },
    async delete(key) {
      await fsp.rm(fileOf(key), { force: true });
    },
  };
}
