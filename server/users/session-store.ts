// Sessions in the database: a row per session, keyed by the SHA-256 of the random token its cookie carries.
// Guests are created lazily: a page view only reserves a user id (`reserveUserId`), and the first state-changing
// request turns that reservation into a user and a session (`promote`).
import { createHash, randomBytes } from 'node:crypto';
import type { SessionEndReason } from '../../contract/session-end';
import type { Database, Queryable } from '../db/database';
import { insertGuest } from './user-store';

export interface SessionLifetime {
  /** Days without a request after which a session ends. */
  idleDays: number;
  /** Days after its start after which a session ends however active it is. */
  maxDays: number;
}

export const DEFAULT_SESSION_LIFETIME: SessionLifetime = { idleDays: 30, maxDays: 400 };

/** A live session: whose it is, and how many seconds it has left (the cookie's Max-Age). */
export interface LiveSession {
  userId: number;
  secondsLeft: number;
}

/** A session just begun or taken up, with the token its cookie must carry. */
export interface IssuedSession extends LiveSession {
  token: string;
}

export type SessionLookup =
  | {
      state: 'live';
      session: LiveSession /** the expiry was slid forward: the cookie needs re-setting */;
      slid: boolean;
    }
  /** Expired, revoked or its account disabled: never honoured, and its token is spent. */
  | { state: 'dead'; reason: SessionEndReason }
  | { state: 'unknown' };

export interface SessionStore {
  /** The session of `token`, sliding its expiry forward when it was last slid over an hour ago. */
  find(token: string): Promise<SessionLookup>;
  /** Reserves a user id for a visitor without writing a row (the id is taken from the users sequence). */
  reserveUserId(): Promise<number>;
  /** A new guest and its session. */
  createGuest(): Promise<IssuedSession>;
  /** A new session for an existing user (a passkey sign-in). */
  begin(userId: number): Promise<IssuedSession>;
  /**
   * The user reserved as `userId` and its session for `token`, created once however many requests carry the same
   * reservation at the same moment. An id another user already holds is never adopted: a new guest is made.
   */
  promote(userId: number, token: string): Promise<IssuedSession>;
  /** Ends one session; true when it was live. */
  revoke(token: string): Promise<boolean>;
  /** Ends every live session of a user; the number ended. */
  revokeUser(userId: number): Promise<number>;
  /** Deletes sessions dead for longer than `retentionDays`; the number deleted. */
  deleteDead(retentionDays: number): Promise<number>;
}

/** A fresh session token: 32 random bytes, base64url (no dots, so it sits safely in a dotted cookie value). */
export const newSessionToken = () => randomBytes(32).toString('base64url');
const tokenHash = (token: string) => createHash('sha256').update(token).digest();

/** Sliding the expiry at most this often keeps a returning session's check to one read, not a write per request. */
const SLIDE_AFTER = "interval '1 hour'";
const SECONDS_LEFT = 'greatest(floor(extract(epoch FROM expires_at - now())), 0)::integer AS "secondsLeft"';
const USERS_SEQUENCE = "pg_get_serial_sequence('users', 'id')::regclass";
/** Thrown inside a promotion to roll it back: a twin request committed the same session first. */
class TwinCommittedFirst extends Error {}

export function createSessionStore(
  db: Database,
  generationLimit: number,
  lifetime: SessionLifetime = DEFAULT_SESSION_LIFETIME,
): SessionStore {
  const firstExpiryDays = Math.min(lifetime.idleDays, lifetime.maxDays);

  async function insertSession(
    tx: Queryable,
    token: string,
    userId: number,
  ): Promise<LiveSession | undefined> {
    const [row] = await tx.query<LiveSession>(
      `INSERT INTO sessions (token_hash, user_id, expires_at) VALUES ($1, $2, now() + make_interval(days => $3))
       ON CONFLICT (token_hash) DO NOTHING
       RETURNING user_id AS "userId", ${SECONDS_LEFT}`,
      [tokenHash(token), userId, firstExpiryDays],
    );
    return row;
  }

  /** The reserved id as a new user, unless it is taken or was never handed out by this database's sequence. */
  async function claimReservedId(tx: Queryable, userId: number): Promise<boolean> {
    // An id above the sequence came from another database (a switch or restore): inserting it would make the
    // sequence hand it out again later, so it is refused like a taken one.
    const rows = await tx.query(
      `INSERT INTO users (id, generations_remaining) OVERRIDING SYSTEM VALUE
       SELECT $1::integer, $2::integer
       WHERE $1::integer <= coalesce(pg_sequence_last_value(${USERS_SEQUENCE}), 0)
       ON CONFLICT (id) DO NOTHING RETURNING id`,
      [userId, generationLimit],
    );
    return rows.length > 0;
  }

  async function liveSessionOf(tx: Queryable, token: string): Promise<LiveSession | undefined> {
    const [row] = await tx.query<LiveSession>(
      `SELECT user_id AS "userId", ${SECONDS_LEFT} FROM sessions
       WHERE token_hash = $1 AND revoked_at IS NULL AND expires_at > now()`,
      [tokenHash(token)],
    );
    return row;
  }

  async function sessionAfterTwin(token: string): Promise<IssuedSession> {
    const twin = await liveSessionOf(db, token);
    // The twin's session ended between its commit and this read (revoked at once): start afresh.
    return twin ? { ...twin, token } : store.createGuest();
  }

  const store: SessionStore = {
    async find(token) {
      // The users join is by primary key: a disabled account's sessions end at once, whatever their rows say.
      const [row] = await db.query<LiveSession & { ended: SessionEndReason | null; stale: boolean }>(
        `SELECT s.user_id AS "userId", ${SECONDS_LEFT},
           CASE WHEN u.disabled_at IS NOT NULL THEN 'disabled' WHEN s.revoked_at IS NOT NULL THEN 'revoked'
             WHEN s.expires_at <= now() THEN 'expired' END AS ended,
           last_seen_at < now() - ${SLIDE_AFTER} AS stale
         FROM sessions s JOIN users u ON u.id = s.user_id WHERE token_hash = $1`,
        [tokenHash(token)],
      );
      if (!row) return { state: 'unknown' };
      if (row.ended) return { state: 'dead', reason: row.ended };
      const session = { userId: row.userId, secondsLeft: row.secondsLeft };
      if (!row.stale) return { state: 'live', session, slid: false };
      // The `last_seen_at` condition lets one of several simultaneous requests slide it, not all of them.
      const [slid] = await db.query<LiveSession>(
        `UPDATE sessions SET last_seen_at = now(),
           expires_at = least(now() + make_interval(days => $2), created_at + make_interval(days => $3))
         WHERE token_hash = $1 AND revoked_at IS NULL AND last_seen_at < now() - ${SLIDE_AFTER}
         RETURNING user_id AS "userId", ${SECONDS_LEFT}`,
        [tokenHash(token), lifetime.idleDays, lifetime.maxDays],
      );
      return slid ? { state: 'live', session: slid, slid: true } : { state: 'live', session, slid: false };
    },

    async reserveUserId() {
      const [row] = await db.query<{ id: number }>(`SELECT nextval(${USERS_SEQUENCE})::integer AS id`);
      if (!row) throw new Error('nextval returned no row');
      return row.id;
    },

    async createGuest() {
      const token = newSessionToken();
      const session = await db.transaction(async (tx) =>
        insertSession(tx, token, await insertGuest(tx, generationLimit)),
      );
      if (!session) throw new Error('a fresh session token collided with a stored one');
      return { ...session, token };
    },

    async begin(userId) {
      const token = newSessionToken();
      const session = await insertSession(db, token, userId);
      if (!session) throw new Error('a fresh session token collided with a stored one');
      return { ...session, token };
    },

    async promote(userId, token) {
      try {
        const session = await db.transaction(async (tx) => {
          // A twin request inserting the same id makes this wait for its commit, then do nothing.
          const owner = (await claimReservedId(tx, userId)) ? userId : undefined;
          const twin = owner === undefined ? await liveSessionOf(tx, token) : undefined;
          if (twin) return twin;
          const created = await insertSession(tx, token, owner ?? (await insertGuest(tx, generationLimit)));
          if (!created) throw new TwinCommittedFirst();
          return created;
        });
        return { ...session, token };
      } catch (error) {
        if (!(error instanceof TwinCommittedFirst)) throw error;
        return sessionAfterTwin(token);
      }
    },

    async revoke(token) {
      const rows = await db.query(
        `UPDATE sessions SET revoked_at = now(), expires_at = least(expires_at, now())
         WHERE token_hash = $1 AND revoked_at IS NULL AND expires_at > now() RETURNING user_id`,
        [tokenHash(token)],
      );
      return rows.length > 0;
    },

    async revokeUser(userId) {
      const rows = await db.query(
        `UPDATE sessions SET revoked_at = now(), expires_at = least(expires_at, now())
         WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > now() RETURNING user_id`,
        [userId],
      );
      return rows.length;
    },

    async deleteDead(retentionDays) {
      const [row] = await db.query<{ deleted: number }>(
        `WITH gone AS (DELETE FROM sessions WHERE expires_at < now() - make_interval(days => $1) RETURNING 1)
         SELECT count(*)::integer AS deleted FROM gone`,
        [retentionDays],
      );
      return row?.deleted ?? 0;
    },
  };
  return store;
}
