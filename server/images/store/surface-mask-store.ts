// A photo's surface masks (issue 22; D44), kept with the photo: one `images` row of kind `mask` per marked surface,
// under the photo (`parent_id`), expiring with it, bytes on the same backend as every image. So the byte backends,
// the retention sweep, "delete my data" and the orphan sweep cover them as they are; the photo's deletion takes
// them (catalogued-image-store.ts); they count toward the owner's storage cap. Owner-only, like every image.
import { randomUUID } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import {
  MARKED_SURFACES,
  type MarkedSurface,
  type SurfaceMasksResponse,
} from '../../../contract/surface-masks';
import type { SurfaceMasks } from '../../../recolour/surface-masks';
import type { Database } from '../../db/database';
import { isImageId, isOwnerId, type OpenedImage } from '../image-store';
import { maskPlane } from '../read-mask';
import type { ReadSurfaceMasks } from '../surface-masks';
import { type ByteBackend, byteKey } from './byte-backend';
import { lockOwnerStorage, storedBytes } from './owner-usage';
import { StorageLimitReachedError } from './storage-limit';

/** Checked grey PNGs at the photo's size (read-mask.ts), one per surface marked. */
export type MaskPngs = Partial<Record<MarkedSurface, Uint8Array>>;

export interface SurfaceMaskStore {
  /** The photo's size and the surfaces marked on it; undefined when it is not the owner's live photo. */
  describe(ownerId: number, imageId: string): Promise<SurfaceMasksResponse | undefined>;
  /**
   * Replaces all the photo's masks with `masks` (none: unmarked). Undefined when the photo is not the owner's;
   * throws StorageLimitReachedError when the new masks would take the owner past the cap.
   */
  replace(ownerId: number, imageId: string, masks: MaskPngs): Promise<SurfaceMasksResponse | undefined>;
  /** One surface's mask as stored, streamed; undefined when that surface is not marked (or not the owner's). */
  open(ownerId: number, imageId: string, surface: MarkedSurface): Promise<OpenedImage | undefined>;
  /** Removes every mask of the photo; false when the photo is not the owner's. */
  clear(ownerId: number, imageId: string): Promise<boolean>;
  /** The masks as grey planes, for generation. */
  read: ReadSurfaceMasks;
}

export interface SurfaceMaskStoreOptions {
  db: Database;
  bytes: ByteBackend;
  /** The same cap as uploads (catalogued-image-store.ts): masks count toward it. */
  perUserBytes: number;
  retentionDays: number;
}

interface PhotoRow {
  width: number;
  height: number;
}

interface MaskRow {
  id: string;
  surface: MarkedSurface;
  storage: string;
  storageKey: string;
  byteSize: number;
}

const LIVE_PHOTO = `SELECT width, height FROM images
  WHERE id = $1 AND owner_id = $2 AND expires_at > now() AND parent_id IS NULL`;
const MASKS_OF = `SELECT id, surface, storage, storage_key AS "storageKey", byte_size AS "byteSize" FROM images
  WHERE parent_id = $1 AND owner_id = $2 AND expires_at > now()`;

const MASK_CONTENT_TYPE = 'image/png';

export function createSurfaceMaskStore(options: SurfaceMaskStoreOptions): SurfaceMaskStore {
  const { db, bytes, perUserBytes, retentionDays } = options;

  const findPhoto = async (ownerId: number, imageId: string): Promise<PhotoRow | undefined> => {
    if (!isOwnerId(ownerId) || !isImageId(imageId)) return undefined;
    const [row] = await db.query<PhotoRow>(LIVE_PHOTO, [imageId, ownerId]);
    return row;
  };
  const masksOf = (ownerId: number, imageId: string) => db.query<MaskRow>(MASKS_OF, [imageId, ownerId]);
  const answer = (imageId: string, photo: PhotoRow, rows: readonly Pick<MaskRow, 'surface'>[]) => ({
    imageId,
    width: photo.width,
    height: photo.height,
    // In the contract's order (the order they are drawn), whatever the database's.
    surfaces: MARKED_SURFACES.filter((surface) => rows.some((row) => row.surface === surface)),
  });
  /** Bytes of a backend no longer configured are left to the sweep, as everywhere else. */
  const deleteBytes = async (rows: readonly Pick<MaskRow, 'storage' | 'storageKey'>[]) => {
    for (const row of rows) if (row.storage === bytes.name) await bytes.delete(row.storageKey);
  };

  const open = async (ownerId: number, imageId: string, surface: MarkedSurface) => {
    const photo = await findPhoto(ownerId, imageId);
    const row = photo && (await masksOf(ownerId, imageId)).find((mask) => mask.surface === surface);
    const stream = row && row.storage === bytes.name ? await bytes.read(row.storageKey) : undefined;
    if (!photo || !row || !stream) return undefined;
    const { width, height } = photo;
    return { id: row.id, contentType: MASK_CONTENT_TYPE, width, height, byteSize: row.byteSize, stream };
  };

  const describe = async (ownerId: number, imageId: string) => {
    const photo = await findPhoto(ownerId, imageId);
    return photo && answer(imageId, photo, await masksOf(ownerId, imageId));
  };

  return {
    describe,

    async replace(ownerId, imageId, masks) {
      const photo = await findPhoto(ownerId, imageId);
      if (!photo) return undefined;
      const written = Object.entries(masks).map(([surface, png]) => {
        const id = randomUUID();
        return { id, surface: surface as MarkedSurface, png, key: byteKey(ownerId, id) };
      });
      // Bytes before rows, as for every image: a crash leaves bytes no row names, which the sweep removes.
      for (const mask of written) await bytes.write(mask.key, mask.png);
      let replaced: MaskRow[] | undefined;
      try {
        replaced = await db.transaction(async (tx) => {
          await lockOwnerStorage(tx, ownerId);
          // The photo's expiry, read under the lock: masks live exactly as long as their photo.
          const [live] = await tx.query<{ expiresAt: Date | string }>(
            `SELECT expires_at AS "expiresAt" FROM images
             WHERE id = $1 AND owner_id = $2 AND expires_at > now() AND parent_id IS NULL FOR UPDATE`,
            [imageId, ownerId],
          );
          if (!live) return undefined;
          const old = await tx.query<MaskRow>(
            `DELETE FROM images WHERE parent_id = $1 AND owner_id = $2
             RETURNING id, surface, storage, storage_key AS "storageKey", byte_size AS "byteSize"`,
            [imageId, ownerId],
          );
          const adding = written.reduce((sum, mask) => sum + mask.png.byteLength, 0);
          if (adding > 0 && (await storedBytes(tx, ownerId)) + adding > perUserBytes)
            throw new StorageLimitReachedError(perUserBytes, retentionDays);
          for (const mask of written) {
            await tx.query(
              `INSERT INTO images (id, owner_id, kind, parent_id, surface, content_type, width, height, byte_size,
                 storage, storage_key, expires_at)
               VALUES ($1, $2, 'mask', $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
              [
                mask.id,
                ownerId,
                imageId,
                mask.surface,
                MASK_CONTENT_TYPE,
                photo.width,
                photo.height,
                mask.png.byteLength,
                bytes.name,
                mask.key,
                live.expiresAt,
              ],
            );
          }
          return old;
        });
      } catch (error) {
        for (const mask of written) await bytes.delete(mask.key).catch(() => {});
        throw error;
      }
      if (!replaced) {
        // The photo expired or was deleted meanwhile: nothing names the new bytes.
        for (const mask of written) await bytes.delete(mask.key).catch(() => {});
        return undefined;
      }
      await deleteBytes(replaced);
      return describe(ownerId, imageId);
    },

    open,

    async clear(ownerId, imageId) {
      if (!(await findPhoto(ownerId, imageId))) return false;
      // Rows first, then the bytes they named: a PUT racing this one keeps its own masks whole.
      const rows = await db.query<Pick<MaskRow, 'storage' | 'storageKey'>>(
        `DELETE FROM images WHERE parent_id = $1 AND owner_id = $2
         RETURNING storage, storage_key AS "storageKey"`,
        [imageId, ownerId],
      );
      await deleteBytes(rows);
      return true;
    },

    async read(ownerId, imageId): Promise<SurfaceMasks | null> {
      const photo = await findPhoto(ownerId, imageId);
      if (!photo) return null;
      const planes: SurfaceMasks['planes'] = {};
      for (const row of await masksOf(ownerId, imageId)) {
        const opened = await open(ownerId, imageId, row.surface);
        if (opened) planes[row.surface] = await maskPlane(await buffer(opened.stream));
      }
      if (Object.keys(planes).length === 0) return null;
      return { width: photo.width, height: photo.height, planes };
    },
  };
}
