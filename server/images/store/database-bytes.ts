// Image bytes in the database itself (table `image_chunks`), so every instance that shares DATABASE_URL sees
// them with nothing else shared. Bytes are cut into chunks: a read fetches one chunk at a time, so a large
// image is streamed rather than held whole, and no single value nears PostgreSQL's limits.
import { Readable } from 'node:stream';
import type { Database } from '../../db/database';
import { type ByteBackend, checkedKey } from './byte-backend';

/** Small enough to stream in steps, large enough that a 15 MB photo is a few dozen rows. */
export const CHUNK_BYTES = 256 * 1024;

interface ChunkRow {
  data: Uint8Array;
}

export function createDatabaseBytes(db: Database): ByteBackend {
  const chunk = async (key: string, seq: number) => {
    const [row] = await db.query<ChunkRow>('SELECT data FROM image_chunks WHERE key = $1 AND seq = $2', [
      key,
      seq,
    ]);
    // pg gives a Buffer, PGlite a Uint8Array: a Buffer view over the same memory serves both.
    return row && Buffer.from(row.data.buffer, row.data.byteOffset, row.data.byteLength);
  };

  return {
    name: 'database',

    async write(key, bytes) {
      checkedKey(key);
      await db.transaction(async (tx) => {
        // An empty image is still one (empty) chunk, so the key exists.
        for (let seq = 0, start = 0; seq === 0 || start < bytes.byteLength; seq++, start += CHUNK_BYTES) {
          await tx.query('INSERT INTO image_chunks (key, seq, data) VALUES ($1, $2, $3)', [
            key,
            seq,
            bytes.subarray(start, start + CHUNK_BYTES),
          ]);
        }
      });
    },

    async read(key) {
      const first = await chunk(checkedKey(key), 0);
      if (!first) return undefined;
      async function* chunks() {
        let next: Buffer | undefined = first;
        for (let seq = 1; next; seq++) {
          yield next;
          next = await chunk(key, seq);
        }
      }
      return Readable.from(chunks(), { objectMode: false });
    },

    async delete(key) {
      await db.query('DELETE FROM image_chunks WHERE key = $1', [checkedKey(key)]);
    },

    async *keysWrittenBefore(before) {
      const rows = await db.query<{ key: string }>(
        'SELECT key FROM image_chunks WHERE seq = 0 AND created_at < $1',
        [before.toISOString()],
      );
      for (const row of rows) yield row.key;
    },

    async ping() {
      await db.query('SELECT 1');
    },
  };
}
