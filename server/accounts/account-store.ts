// Accounts in the database: a user with at least one passkey. Registering marks the current user (its photos,
// history and quota are already its own); signing in on another browser adopts that browser's guest (D34).
import type { Database, Queryable } from '../db/database';

export interface StoredPasskey {
  credentialId: string;
  userId: number;
  /** The COSE public key, base64url. */
  publicKey: string;
  counter: number;
  transports: string[];
}

export interface NewPasskey extends Omit<StoredPasskey, 'userId'> {}

/**
 * 'busy': both have a generation running (one running job per user); 'too-many-jobs': together they have more
 * unfinished jobs than one user may. Either way nothing moved, and sign-in says why it waits.
 */
export type AdoptResult = 'adopted' | 'busy' | 'too-many-jobs';

/** How many jobs one user may have queued or running, and how they are counted (inside a transaction). */
export interface UnfinishedJobsLimit {
  max: number;
  count(userId: number, tx: Queryable): Promise<number>;
}

export interface AccountStore {
  passkeysOf(userId: number): Promise<StoredPasskey[]>;
  findPasskey(credentialId: string): Promise<StoredPasskey | undefined>;
  /**
   * Stores the passkey and makes its user an account: 'exists' when the credential is already stored, 'full'
   * when the user already has `maxPerUser` passkeys.
   */
  addPasskey(userId: number, passkey: NewPasskey, maxPerUser: number): Promise<'added' | 'exists' | 'full'>;
  /** Records a sign-in's signature counter. */
  markUsed(credentialId: string, counter: number): Promise<void>;
  isAccount(userId: number): Promise<boolean>;
  isDisabled(userId: number): Promise<boolean>;
  /**
   * Moves a guest's images, jobs, claims and share links to the account in one transaction and deletes the
   * guest; the account keeps the smaller remaining quota. An account (or the account itself) is never adopted.
   */
  adoptGuest(guestId: number, accountId: number, limit: UnfinishedJobsLimit): Promise<AdoptResult>;
  /** Disables or enables a user; false when there is no such user. */
  setDisabled(userId: number, disabled: boolean): Promise<boolean>;
}

const PASSKEY_COLUMNS = `credential_id AS "credentialId", user_id AS "userId", public_key AS "publicKey",
  counter::integer AS counter, transports`;

type PasskeyRow = Omit<StoredPasskey, 'transports'> & { transports: string };
const fromRow = (row: PasskeyRow): StoredPasskey => ({
  ...row,
  transports: row.transports ? row.transports.split(',') : [],
});

const UNIQUE_VIOLATION = '23505';
const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === UNIQUE_VIOLATION;

async function moveGuestRows(tx: Queryable, guestId: number, accountId: number): Promise<void> {
  // Image bytes are keyed by their row's storage_key, never re-derived from the owner: re-owning is enough.
  await tx.query('UPDATE images SET owner_id = $2 WHERE owner_id = $1', [guestId, accountId]);
  // Idempotency keys guard a create being retried by the browser that made it; once moved they could only clash.
  await tx.query('UPDATE generation_jobs SET user_id = $2, idempotency_key = NULL WHERE user_id = $1', [
    guestId,
    accountId,
  ]);
  await tx.query('UPDATE generation_claims SET user_id = $2, idempotency_key = NULL WHERE user_id = $1', [
    guestId,
    accountId,
  ]);
  // Links people have received keep opening: they follow the kitchen (their previews are images, moved above).
  await tx.query('UPDATE share_links SET owner_id = $2 WHERE owner_id = $1', [guestId, accountId]);
  // Signing in never raises the quota: the account keeps the smaller remainder.
  await tx.query(
    `UPDATE users SET generations_remaining = least(generations_remaining,
       (SELECT generations_remaining FROM users WHERE id = $1)) WHERE id = $2`,
    [guestId, accountId],
  );
  await tx.query('DELETE FROM users WHERE id = $1', [guestId]);
}

export function createAccountStore(db: Database): AccountStore {
  const flag = async (userId: number, column: 'account_since' | 'disabled_at') => {
    const [row] = await db.query<{ set: boolean }>(
      `SELECT ${column} IS NOT NULL AS set FROM users WHERE id = $1`,
      [userId],
    );
    return row?.set === true;
  };

  return {
    async passkeysOf(userId) {
      const rows = await db.query<PasskeyRow>(`SELECT ${PASSKEY_COLUMNS} FROM passkeys WHERE user_id = $1`, [
        userId,
      ]);
      return rows.map(fromRow);
    },
    async findPasskey(credentialId) {
      const [row] = await db.query<PasskeyRow>(
        `SELECT ${PASSKEY_COLUMNS} FROM passkeys WHERE credential_id = $1`,
        [credentialId],
      );
      return row && fromRow(row);
    },
    addPasskey: (userId, passkey, maxPerUser) =>
      db.transaction(async (tx) => {
        // The user row first (D46): two registrations at once take turns, so together they keep to the cap.
        await tx.query('SELECT id FROM users WHERE id = $1 FOR NO KEY UPDATE', [userId]);
        const [held] = await tx.query<{ n: number }>(
          'SELECT count(*)::integer AS n FROM passkeys WHERE user_id = $1',
          [userId],
        );
        if ((held?.n ?? 0) >= maxPerUser) return 'full';
        const inserted = await tx.query(
          `INSERT INTO passkeys (credential_id, user_id, public_key, counter, transports)
           VALUES ($1, $2, $3, $4, $5) ON CONFLICT (credential_id) DO NOTHING RETURNING 1`,
          [passkey.credentialId, userId, passkey.publicKey, passkey.counter, passkey.transports.join(',')],
        );
        if (inserted.length === 0) return 'exists';
        await tx.query('UPDATE users SET account_since = coalesce(account_since, now()) WHERE id = $1', [
          userId,
        ]);
        return 'added';
      }),
    async markUsed(credentialId, counter) {
      await db.query('UPDATE passkeys SET counter = $2, last_used_at = now() WHERE credential_id = $1', [
        credentialId,
        counter,
      ]);
    },
    isAccount: (userId) => flag(userId, 'account_since'),
    isDisabled: (userId) => flag(userId, 'disabled_at'),
    async adoptGuest(guestId, accountId, limit) {
      if (guestId === accountId) return 'adopted';
      try {
        return await db.transaction(async (tx): Promise<AdoptResult> => {
          // Both user rows first, in id order (D46): two sign-ins crossing each other cannot deadlock, nor can
          // a share link, an admission or a deletion, which lock their user row before its jobs and links.
          const locked = await tx.query<{ id: number; isAccount: boolean }>(
            `SELECT id, account_since IS NOT NULL AS "isAccount" FROM users WHERE id IN ($1, $2)
             ORDER BY id FOR UPDATE`,
            [guestId, accountId],
          );
          const guest = locked.find((row) => row.id === guestId);
          if (!guest || guest.isAccount) return 'adopted';
          // Admission holds the account to the limit under the same lock; adoption must not pass it either.
          const unfinished = (await limit.count(guestId, tx)) + (await limit.count(accountId, tx));
          if (unfinished > limit.max) return 'too-many-jobs';
          await moveGuestRows(tx, guestId, accountId);
          return 'adopted';
        });
      } catch (error) {
        if (isUniqueViolation(error)) return 'busy';
        throw error;
      }
    },
    async setDisabled(userId, disabled) {
      const rows = await db.query(
        `UPDATE users SET disabled_at = CASE WHEN $2::boolean THEN coalesce(disabled_at, now()) END
         WHERE id = $1 RETURNING id`,
        [userId, disabled],
      );
      return rows.length > 0;
    },
  };
}
