// The ImageStore: one `images` row per image (owner, size, expiry, where the bytes live) over a byte backend.
// Bytes are written before their row and deleted before it, so a crash leaves at worst bytes no row names,
// which the sweeper removes (see sweeper.ts); a row is never left pointing at bytes that were never written.
import { randomUUID } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import type { Database, Queryable } from '../../db/database';
import {
  type ImageStore,
  isImageId,
  isOwnerId,
  type OpenedImage,
  type StoredImageMeta,
} from '../image-store';
import { type ByteBackend, byteKey } from './byte-backend';
import { lockOwnerStorage, storedBytes } from './owner-usage';
import { StorageLimitReachedError } from './storage-limit';

export interface ImageStoreOptions {
  db: Database;
  bytes: ByteBackend;
  /** Each image expires this many days after it is stored. */
  retentionDays: number;
  /** An image that would take its owner's stored bytes past this is refused (share previews excepted). */
  perUserBytes: number;
}

interface ImageRow extends StoredImageMeta {
  byteSize: number;
  storageKey: string;
}

// A photo's masks (kind `mask`, surface-mask-store.ts) are rows here too, but never an image in their own right:
// they are not served, used or deleted by id.
const LIVE_IMAGE = `
  SELECT content_type AS "contentType", width, height, kind, byte_size AS "byteSize", storage_key AS "storageKey"
  FROM images WHERE id = $1 AND owner_id = $2 AND expires_at > now() AND parent_id IS NULL`;

export function createImageStore(options: ImageStoreOptions): ImageStore {
  const { db, bytes, retentionDays, perUserBytes } = options;
  const refused = () => new StorageLimitReachedError(perUserBytes, retentionDays);
  const overCap = async (tx: Queryable, ownerId: number, size: number) =>
    (await storedBytes(tx, ownerId)) + size > perUserBytes;

  const findRow = async (ownerId: number, id: string): Promise<ImageRow | undefined> => {
    if (!isOwnerId(ownerId) || !isImageId(id)) return undefined;
    const [row] = await db.query<ImageRow>(LIVE_IMAGE, [id, ownerId]);
    return row;
  };

  const open = async (ownerId: number, id: string): Promise<OpenedImage | undefined> => {
    const row = await findRow(ownerId, id);
    const stream = row && (await bytes.read(row.storageKey));
    if (!row || !stream) return undefined;
    const { contentType, width, height, kind, byteSize } = row;
    return { id, contentType, width, height, ...(kind ? { kind } : {}), byteSize, stream };
  };

  return {
    async put(ownerId, data, meta) {
      if (!isOwnerId(ownerId)) throw new TypeError(`Invalid image owner id: ${ownerId}`);
      const capped = meta.kind !== 'share_preview';
      // A first look without the lock: an image already over the cap is refused before its bytes are written.
      if (capped && (await overCap(db, ownerId, data.byteLength))) throw refused();
      const id = randomUUID();
      const key = byteKey(ownerId, id);
      await bytes.write(key, data);
      try {
        await db.transaction(async (tx) => {
          // Concurrent uploads of one owner take turns here, so together they never pass the cap.
          await lockOwnerStorage(tx, ownerId);
          if (capped && (await overCap(tx, ownerId, data.byteLength))) throw refused();
          await tx.query(
            `INSERT INTO images
              (id, owner_id, kind, content_type, width, height, byte_size, storage, storage_key, expires_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, now() + $10::integer * interval '1 day')`,
            [
              id,
              ownerId,
              meta.kind ?? null,
              meta.contentType,
              meta.width,
              meta.height,
              data.byteLength,
              bytes.name,
              key,
              retentionDays,
            ],
          );
        });
      } catch (error) {
        await bytes.delete(key).catch(() => {});
        throw error;
      }
      return id;
    },

    async get(ownerId, id) {
      const opened = await open(ownerId, id);
      if (!opened) return undefined;
      const { stream, byteSize: _size, ...meta } = opened;
      return { ...meta, bytes: await buffer(stream) };
    },

    open,

    has: async (ownerId, id) => (await findRow(ownerId, id)) !== undefined,

    async delete(ownerId, id) {
      const row = await findRow(ownerId, id);
      if (!row) return false;
      // Its masks' bytes first; their rows go with the photo's (the foreign key cascades).
      const masks = await db.query<{ storage: string; storageKey: string }>(
        'SELECT storage, storage_key AS "storageKey" FROM images WHERE parent_id = $1 AND owner_id = $2',
        [id, ownerId],
      );
      for (const mask of masks) if (mask.storage === bytes.name) await bytes.delete(mask.storageKey);
      await bytes.delete(row.storageKey);
      const deleted = await db.query('DELETE FROM images WHERE id = $1 AND owner_id = $2 RETURNING id', [
        id,
        ownerId,
      ]);
      return deleted.length > 0;
    },

    async ping() {
      await db.query('SELECT 1');
      await bytes.ping();
    },
  };
}
