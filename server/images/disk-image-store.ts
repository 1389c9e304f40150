// Images on disk: `<directory>/<ownerId>/<id>.img` holds the bytes, `<id>.json` the meta. The meta file is
// written last and read first, so it marks a complete image; both are written atomically (temp file, rename).
import { randomUUID } from 'node:crypto';
import { access, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type ImageStore, isImageId, type StoredImage, type StoredImageMeta } from './image-store';

const isOwnerId = (ownerId: number) => Number.isSafeInteger(ownerId) && ownerId > 0;

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';

async function writeAtomically(file: string, data: Uint8Array | string) {
  const temporary = path.join(path.dirname(file), `.${randomUUID()}.tmp`);
  try {
    await writeFile(temporary, data);
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

export function createDiskImageStore(directory: string): ImageStore {
  const ownerDir = (ownerId: number) => path.join(directory, String(ownerId));
  const files = (ownerId: number, id: string) => {
    const base = path.join(ownerDir(ownerId), id);
    return { bytes: `${base}.img`, meta: `${base}.json` };
  };
  const locate = (ownerId: number, id: string) =>
    isOwnerId(ownerId) && isImageId(id) ? files(ownerId, id) : null;

  return {
    async put(ownerId, bytes, meta) {
      if (!isOwnerId(ownerId)) throw new TypeError(`Invalid image owner id: ${ownerId}`);
      const id = randomUUID();
      const target = files(ownerId, id);
      await mkdir(ownerDir(ownerId), { recursive: true });
      await writeAtomically(target.bytes, bytes);
      const { contentType, width, height } = meta;
      await writeAtomically(target.meta, JSON.stringify({ contentType, width, height }));
      return id;
    },

    async get(ownerId, id): Promise<StoredImage | undefined> {
      const target = locate(ownerId, id);
      if (!target) return undefined;
      try {
        const meta = JSON.parse(await readFile(target.meta, 'utf8')) as StoredImageMeta;
        return { id, ...meta, bytes: await readFile(target.bytes) };
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },

    async has(ownerId, id) {
      const target = locate(ownerId, id);
      if (!target) return false;
      try {
        await access(target.meta);
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },

    async delete(ownerId, id) {
      const target = locate(ownerId, id);
      if (!target) return false;
      try {
        await rm(target.meta);
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
      await rm(target.bytes, { force: true });
      return true;
    },
  };
}
