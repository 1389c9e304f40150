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

/** A new link, or why there is none: the kitchen is not (or no longer) the owner's, or it has enough links. */
export type CreatedShare = { link: ShareLink; token: string } | 'not-found' | 'limit-reached';

export interface ShareStore {
  /** A new link; its token is answered once and never stored. */
  create(ownerId: number, jobId: string, includeBefore: boolean): Promise<CreatedShare>;
  /** The owner's links to one result, oldest first, revoked ones included. */
  list(ownerId: number, jobId: string): Promise<ShareLink[]>;
  /** Revokes the owner's link (again is a no-op); undefined when it is not theirs. */
  revoke(ownerId: number, id: string): Promise<ShareLink | undefined>;
  /** The live (unrevoked) link behind a token. */
  findLive(token: string): Promise<StoredShareLink | undefined>;
  /** The preview a kitchen's links share, if one was made (it may since have expired). */
  previewOf(jobId: string): Promise<string | null>;
  /**
   * Records `imageId` as the preview of every link to the kitchen, unless a live one was recorded first (by a
   * twin request, on any instance); the id that stands. One preview per kitchen, however many links it had.
   */
  keepPreview(ownerId: number, jobId: string, imageId: string): Promise<string>;
}

export function createShareStore(db: Database): ShareStore {
  return {
    async create(ownerId, jobId, includeBefore) {
      const token = newShareToken();
      return db.transaction(async (tx): Promise<CreatedShare> => {
        // The user row first, as every transaction touching a user and their jobs or links (D46): creations for
        // one owner take turns here, so concurrent ones cannot all pass the count, and a deletion or an adoption
        // (which lock it too) either finished before, and the job is gone or moved, or waits for this one.
        const owner = await tx.query('SELECT id FROM users WHERE id = $1 FOR NO KEY UPDATE', [ownerId]);
        const job = owner.length
          ? await tx.query('SELECT id FROM generation_jobs WHERE id = $1 AND user_id = $2', [jobId, ownerId])
          : [];
        if (job.length === 0) return 'not-found';
        const [live] = await tx.query<{ n: number | string }>(
          'SELECT count(*) AS n FROM share_links WHERE job_id = $1 AND revoked_at IS NULL',
          [jobId],
        );
        if (Number(live?.n) >= LIVE_LINKS_PER_KITCHEN) return 'limit-reached';
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
    async previewOf(jobId) {
      const [row] = await db.query<{ ogImageId: string }>(
        `SELECT og_image_id AS "ogImageId" FROM share_links WHERE job_id = $1 AND og_image_id IS NOT NULL
         ORDER BY created_at DESC LIMIT 1`,
        [jobId],
      );
      return row?.ogImageId ?? null;
    },
    keepPreview: (ownerId, jobId, imageId) =>
      db.transaction(async (tx) => {
        // The owner's row first (D46), as a deletion or an adoption touching these links does: twin requests
        // take turns here, on any instance, and never hold a link another transaction waits for.
        const owner = await tx.query('SELECT id FROM users WHERE id = $1 FOR NO KEY UPDATE', [ownerId]);
        if (owner.length === 0) return imageId;
        const [standing] = await tx.query<{ id: string }>(
          `SELECT images.id FROM share_links JOIN images ON images.id = share_links.og_image_id
           WHERE share_links.job_id = $1 AND share_links.owner_id = $2 AND images.expires_at > now() LIMIT 1`,
          [jobId, ownerId],
        );
        const kept = standing?.id ?? imageId;
        await tx.query(
          `UPDATE share_links SET og_image_id = $3
           WHERE job_id = $1 AND owner_id = $2 AND og_image_id IS DISTINCT FROM $3`,
          [jobId, ownerId, kept],
        );
        return kept;
      }),
  };
}
