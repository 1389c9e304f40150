// Image bytes on local disk, `<directory>/<ownerId>/<imageId>.img`, written atomically (temp file, rename) so a
// reader never sees half an image. One machine only: a second instance with its own DATA_DIR cannot see them.
import { randomUUID } from 'node:crypto';
import { mkdir, open, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { type ByteBackend, checkedKey, isByteKey } from './byte-backend';

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';

async function writeAtomically(file: string, data: Uint8Array) {
  const temporary = path.join(path.dirname(file), `.${randomUUID()}.tmp`);
  try {
    await writeFile(temporary, data);
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

export function createDiskBytes(directory: string): ByteBackend {
  const fileOf = (key: string) => path.join(directory, `${checkedKey(key)}.img`);

  return {
    name: 'disk',

    async write(key, bytes) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeAtomically(file, bytes);
    },

    async read(key): Promise<Readable | undefined> {
      // Opened first, so a missing file is known before any byte is promised; the stream then owns the handle.
      try {
        return (await open(fileOf(key), 'r')).createReadStream();
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },

    async delete(key) {
      await rm(fileOf(key), { force: true });
    },

    async *keysWrittenBefore(before) {
      const owners = await readdir(directory).catch((error: unknown) => {
        if (isMissing(error)) return [];
        throw error;
      });
      for (const owner of owners) {
        const names = await readdir(path.join(directory, owner)).catch(() => []);
        for (const name of names) {
          const key = `${owner}/${name.slice(0, -'.img'.length)}`;
          if (!name.endsWith('.img') || !isByteKey(key)) continue;
          const written = await stat(path.join(directory, owner, name)).catch(() => undefined);
          if (written && written.mtime < before) yield key;
        }
      }
    },

    async ping() {
      await mkdir(directory, { recursive: true });
    },
  };
}
