// Where an image's bytes live. The `images` table is the truth for ownership, existence, size and expiry; a
// backend only holds bytes by key, and every operation on it is idempotent, so several instances may sweep it.
import type { Readable } from 'node:stream';

export type ByteBackendName = 'disk' | 'database' | 's3';

export interface ByteBackend {
  readonly name: ByteBackendName;
  write(key: string, bytes: Uint8Array): Promise<void>;
  /** The bytes as a stream, or undefined when the key holds nothing. */
  read(key: string): Promise<Readable | undefined>;
  /** Removes the bytes; removing a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** Keys written before `before`: the sweep deletes those no row names (a crash between bytes and row). */
  keysWrittenBefore(before: Date): AsyncIterable<string>;
  ping(): Promise<void>;
}

/** The one key format: `<ownerId>/<imageId>`, both validated before they get here. */
export const byteKey = (ownerId: number, imageId: string) => `${ownerId}/${imageId}`;

const KEY = /^[1-9][0-9]*\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const isByteKey = (key: string) => KEY.test(key);

/** A last guard: a key reaching a path or an object name has this shape and nothing else. */
export function checkedKey(key: string): string {
  if (!isByteKey(key)) throw new TypeError(`Invalid image key: ${key}`);
  return key;
}
