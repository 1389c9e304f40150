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
import { StorageLimitReachedError } from './storage-limit';

export interface ImageStoreOptions {
  db: Database;
  bytes: ByteBackend;
  /** Each image expires this many days after it is stored. */
  retentionDays: number;
  /** Uploads that would take an owner's stored bytes past this are refused; results are always stored. */
  perUserBytes: number;
}

interface ImageRow extends StoredImageMeta {
  byteSize: number;
  storageKey: string;
}

// Any constant of this app's own: with the owner id it names the lock that serialises one owner's uploads.
const UPLOAD_LOCK_CLASS = 715_200_305;

const LIVE_IMAGE = `
  SELECT content_type AS "contentType", width, height, kind, byte_size AS "byteSize", storage_key AS "storageKey"
  FROM images WHERE id = $1 AND owner_id = $2 AND expires_at > now()`;

/** What counts against the cap: everything but share previews, which are derived and bounded per kitchen. */
async function storedBytes(db: Queryable, ownerId: number): Promise<number> {
  const [row] = await db.query<{ total: number | string }>(
    `SELECT COALESCE(SUM(byte_size), 0) AS total FROM images
     WHERE owner_id = $1 AND expires_at > now() AND kind IS DISTINCT FROM 'share_preview'`,
    [ownerId],
  );
  return Number(row?.total ?? 0);
}

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
      const capped = meta.kind === 'upload';
      // A first look without the lock: an upload already over the cap is refused before its bytes are written.
      if (capped && (await overCap(db, ownerId, data.byteLength))) throw refused();
      const id = randomUUID();
      const key = byteKey(ownerId, id);
      await bytes.write(key, data);
      try {
        await db.transaction(async (tx) => {
          // Concurrent uploads of one owner take turns here, so together they never pass the cap.
          await tx.query('SELECT pg_advisory_xact_lock($1, $2)', [UPLOAD_LOCK_CLASS, ownerId]);
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
