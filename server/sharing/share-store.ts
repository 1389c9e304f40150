// Share links in the database (migration 9). Every instance reads and writes the same rows, so a link made on
// one is served and revoked on any other.
import { randomUUID } from 'node:crypto';
import type { ShareLink } from '../../contract/sharing';
import type { Database } from '../db/database';
import { hashShareToken, newShareToken } from './share-token';

interface LinkRow {
  id: string;
  ownerId: number;
  jobId: string;
  includeBefore: boolean;
  ogImageId: string | null;
  createdAt: Date | string;
  revokedAt: Date | string | null;
}

/** A link as its public pages need it: whose, which result, what it may show. */
export interface StoredShareLink {
  link: ShareLink;
  ownerId: number;
  ogImageId: string | null;
}

const COLUMNS = `id, owner_id AS "ownerId", job_id AS "jobId", include_before AS "includeBefore",
  og_image_id AS "ogImageId", created_at AS "createdAt", revoked_at AS "revokedAt"`;

const iso = (value: Date | string) => new Date(value).toISOString();

function toStored(row: LinkRow): StoredShareLink {
  return {
    link: {
      id: row.id,
      jobId: row.jobId,
      includeBefore: row.includeBefore,
      createdAt: iso(row.createdAt),
      revokedAt: row.revokedAt === null ? null : iso(row.revokedAt),
    },
    ownerId: row.ownerId,
    ogImageId: row.ogImageId,
  };
}

/** Unrevoked links one kitchen may have at once: enough for every person and studio, not a table to fill. */
export const LIVE_LINKS_PER_KITCHEN = 20;

export interface ShareStore {
  /**
   * A new link; its token is answered once and never stored. Undefined when the kitchen already has
   * LIVE_LINKS_PER_KITCHEN unrevoked links.
   */
  create(
    ownerId: number,
    jobId: string,
    includeBefore: boolean,
  ): Promise<{ link: ShareLink; token: string } | undefined>;
  /** The owner's links to one result, oldest first, revoked ones included. */
  list(ownerId: number, jobId: string): Promise<ShareLink[]>;
  /** Revokes the owner's link (again is a no-op); undefined when it is not theirs. */
  revoke(ownerId: number, id: string): Promise<ShareLink | undefined>;
  /** The live (unrevoked) link behind a token. */
  findLive(token: string): Promise<StoredShareLink | undefined>;
  /** Records the preview image unless another instance recorded one first; the id that stands. */
  keepOgImage(id: string, imageId: string): Promise<string>;
}

export function createShareStore(db: Database): ShareStore {
  return {
    async create(ownerId, jobId, includeBefore) {
      const token = newShareToken();
      return db.transaction(async (tx) => {
        // Creations for one kitchen take turns on its job row, so concurrent ones cannot all pass the count.
        await tx.query('SELECT id FROM generation_jobs WHERE id = $1 FOR UPDATE', [jobId]);
        const [live] = await tx.query<{ n: number | string }>(
          'SELECT count(*) AS n FROM share_links WHERE job_id = $1 AND revoked_at IS NULL',
          [jobId],
        );
        if (Number(live?.n) >= LIVE_LINKS_PER_KITCHEN) return undefined;
        const [row] = await tx.query<LinkRow>(
          `INSERT INTO share_links (id, token_hash, owner_id, job_id, include_before) VALUES ($1, $2, $3, $4, $5)
            RETURNING ${COLUMNS}`,
          [randomUUID(), hashShareToken(token), ownerId, jobId, includeBefore],
        );
        if (!row) throw new Error('the share link was not stored');
        return { link: toStored(row).link, token };
      });
    },
    async list(ownerId, jobId) {
      const rows = await db.query<LinkRow>(
        `SELECT ${COLUMNS} FROM share_links WHERE owner_id = $1 AND job_id = $2 ORDER BY created_at, id`,
        [ownerId, jobId],
      );
      return rows.map((row) => toStored(row).link);
    },
    async revoke(ownerId, id) {
      const [row] = await db.query<LinkRow>(
        `UPDATE share_links SET revoked_at = COALESCE(revoked_at, clock_timestamp())
          WHERE id = $1 AND owner_id = $2 RETURNING ${COLUMNS}`,
        [id, ownerId],
      );
      return row ? toStored(row).link : undefined;
    },
    async findLive(token) {
      const [row] = await db.query<LinkRow>(
        `SELECT ${COLUMNS} FROM share_links WHERE token_hash = $1 AND revoked_at IS NULL`,
        [hashShareToken(token)],
      );
      return row ? toStored(row) : undefined;
    },
    async keepOgImage(id, imageId) {
      await db.query('UPDATE share_links SET og_image_id = $2 WHERE id = $1 AND og_image_id IS NULL', [
        id,
        imageId,
      ]);
      const [row] = await db.query<{ ogImageId: string }>(
        'SELECT og_image_id AS "ogImageId" FROM share_links WHERE id = $1',
        [id],
      );
      return row?.ogImageId ?? imageId;
    },
  };
}
