// WebAuthn challenges in the database, so a ceremony begun on one instance can finish on another. Each is bound
// to the user whose session asked for it, lives a few minutes and is taken (deleted) by the first verification.
import type { Database } from '../db/database';

export type CeremonyPurpose = 'register' | 'sign_in';

/** How long a browser has to answer its passkey prompt. */
export const CHALLENGE_TTL_SECONDS = 5 * 60;

export interface ChallengeStore {
  /** Keeps `challenge` for `userId`; an earlier unanswered challenge of the same purpose is dropped. */
  save(userId: number, purpose: CeremonyPurpose, challenge: string): Promise<void>;
  /** Takes the challenge if it is live and this user's for this purpose; true once, false ever after. */
  take(userId: number, purpose: CeremonyPurpose, challenge: string): Promise<boolean>;
}

export function createChallengeStore(db: Database): ChallengeStore {
  return {
    async save(userId, purpose, challenge) {
      await db.transaction(async (tx) => {
        // Expired challenges of anyone are swept here (indexed): abandoned ceremonies do not pile up.
        await tx.query(
          'DELETE FROM webauthn_challenges WHERE expires_at < now() OR (user_id = $1 AND purpose = $2)',
          [userId, purpose],
        );
        await tx.query(
          `INSERT INTO webauthn_challenges (challenge, user_id, purpose, expires_at)
           VALUES ($1, $2, $3, now() + make_interval(secs => $4))`,
          [challenge, userId, purpose, CHALLENGE_TTL_SECONDS],
        );
      });
    },
    async take(userId, purpose, challenge) {
      // One DELETE decides: two requests replaying the same answer at once get one row between them.
      const rows = await db.query<{ live: boolean }>(
        `DELETE FROM webauthn_challenges WHERE challenge = $1 AND user_id = $2 AND purpose = $3
         RETURNING expires_at > now() AS live`,
        [challenge, userId, purpose],
      );
      return rows[0]?.live === true;
    },
  };
}
