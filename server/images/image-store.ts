import type { Readable } from 'node:stream';

/**
 * What made an image: a person's upload, a generated result of that kind, or a share link's preview (derived
 * from a result, one per kitchen: never counted against the cap nor exported).
 */
export type ImageKind = 'upload' | 'empty_room' | 'kitchen' | 'mask' | 'share_preview' | 'layout_sketch';

/** What is kept beside an image's bytes. */
export interface StoredImageMeta {
  contentType: string;
  width: number;
  height: number;
  /**
   * Everything a visitor causes to be stored counts against their per-user cap (issue 34), except a share
   * link's preview, which is derived and bounded per kitchen. Absent means a result of unknown kind.
   */
  kind?: ImageKind;
}

export interface StoredImage extends StoredImageMeta {
  id: string;
  bytes: Buffer;
}

/** An image read as a stream, so a large one is never held whole. */
export interface OpenedImage extends StoredImageMeta {
  id: string;
  byteSize: number;
  stream: Readable;
}

/**
 * Images owned by users. Ids are random uuids; an image is only ever found through its owner, so another
 * user's id (or any unknown, malformed or expired id) reads as not found.
 */
export interface ImageStore {
  /** Throws StorageLimitReachedError when the image would take its owner past their storage cap. */
  put(ownerId: number, bytes: Uint8Array, meta: StoredImageMeta): Promise<string>;
  get(ownerId: number, id: string): Promise<StoredImage | undefined>;
  /** Like `get`, streamed. */
  open(ownerId: number, id: string): Promise<OpenedImage | undefined>;
  /** Whether `get` would find the image, without reading it. */
  has(ownerId: number, id: string): Promise<boolean>;
  /** True when an image was deleted. */
  delete(ownerId: number, id: string): Promise<boolean>;
  /** Throws when the database or the byte backend cannot be reached (a readiness check). */
  ping(): Promise<void>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** Ids arrive from URLs: only a canonical lower-case uuid may ever reach a file name or a query. */
export const isImageId = (id: string) => UUID.test(id);

export const isOwnerId = (ownerId: number) => Number.isSafeInteger(ownerId) && ownerId > 0;
