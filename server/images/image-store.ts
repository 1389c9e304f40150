/** What is kept beside an image's bytes. */
export interface StoredImageMeta {
  contentType: string;
  width: number;
  height: number;
}

export interface StoredImage extends StoredImageMeta {
  id: string;
  bytes: Buffer;
}

/**
 * Images owned by users. Ids are random uuids; an image is only ever found through its owner, so another
 * user's id (or any unknown or malformed id) reads as not found.
 */
export interface ImageStore {
  put(ownerId: number, bytes: Uint8Array, meta: StoredImageMeta): Promise<string>;
  get(ownerId: number, id: string): Promise<StoredImage | undefined>;
  /** Whether `get` would find the image, without reading it. */
  has(ownerId: number, id: string): Promise<boolean>;
  /** True when an image was deleted. */
  delete(ownerId: number, id: string): Promise<boolean>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** Ids arrive from URLs: only a canonical lower-case uuid may ever reach a file name. */
export const isImageId = (id: string) => UUID.test(id);
