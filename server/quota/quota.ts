// The per-user generation quota (DESIGN D3): claimed atomically, given back once when a generation fails, and
// never charged twice for one Idempotency-Key.
import type { Database, Queryable } from '../db/database';

export interface GenerationClaim {
  id: number;
  userId: number;
  idempotencyKey: string | null;
}

export type ClaimResult =
  /** `replayed`: the key was seen before; this is that first claim and nothing was charged now. */
  | { granted: true; claim: GenerationClaim; remaining: number; replayed: boolean; refunded: boolean }
  | { granted: false; remaining: number };

export interface Quota {
  claim(userId: number, idempotencyKey?: string): Promise<ClaimResult>;
  /** Gives the claim's unit back; only the first refund of a claim counts. Returns the remaining count. */
  refund(claim: GenerationClaim): Promise<number>;
  remaining(userId: number): Promise<number>;
}

/** Thrown inside the claim transaction to roll back its claim row when nothing is left to spend. */
class QuotaExhausted extends Error {}

interface ClaimRow {
  id: number;
  userId: number;
  idempotencyKey: string | null;
  refunded: boolean;
}

const CLAIM_COLUMNS =
  'id, user_id AS "userId", idempotency_key AS "idempotencyKey", refunded_at IS NOT NULL AS refunded';

async function remainingIn(db: Queryable, userId: number): Promise<number> {
  const [row] = await db.query<{ remaining: number }>(
    'SELECT generations_remaining AS remaining FROM users WHERE id = $1',
    [userId],
  );
  return row?.remaining ?? 0;
}

export function createQuota(db: Database): Quota {
  const toClaim = ({ id, userId, idempotencyKey }: ClaimRow): GenerationClaim => ({
    id,
    userId,
    idempotencyKey,
  });

  return {
    async claim(userId, idempotencyKey) {
      try {
        return await db.transaction(async (tx): Promise<ClaimResult> => {
          // The unique (user_id, idempotency_key) index makes a concurrent twin wait for this transaction,
          // then find the row: one of them charges, never both. A null key never conflicts.
          const [inserted] = await tx.query<ClaimRow>(
            `INSERT INTO generation_claims (user_id, idempotency_key) VALUES ($1, $2)
             ON CONFLICT (user_id, idempotency_key) DO NOTHING RETURNING ${CLAIM_COLUMNS}`,
            [userId, idempotencyKey ?? null],
          );
          if (!inserted) {
            const [first] = await tx.query<ClaimRow>(
              `SELECT ${CLAIM_COLUMNS} FROM generation_claims WHERE user_id = $1 AND idempotency_key = $2`,
              [userId, idempotencyKey],
            );
            if (!first) throw new Error('an idempotency conflict without its claim row');
            const remaining = await remainingIn(tx, userId);
            return {
              granted: true,
              claim: toClaim(first),
              remaining,
              replayed: true,
              refunded: first.refunded,
            };
          }
          const [charged] = await tx.query<{ remaining: number }>(
            `UPDATE users SET generations_remaining = generations_remaining - 1
             WHERE id = $1 AND generations_remaining > 0 RETURNING generations_remaining AS remaining`,
            [userId],
          );
          if (!charged) throw new QuotaExhausted();
          return {
            granted: true,
            claim: toClaim(inserted),
            remaining: charged.remaining,
            replayed: false,
            refunded: false,
          };
        });
      } catch (error) {
        if (error instanceof QuotaExhausted)
          return { granted: false, remaining: await remainingIn(db, userId) };
        throw error;
      }
    },

    refund(claim) {
      return db.transaction(async (tx) => {
        const [marked] = await tx.query<{ userId: number }>(
          `UPDATE generation_claims SET refunded_at = now()
           WHERE id = $1 AND user_id = $2 AND refunded_at IS NULL RETURNING user_id AS "userId"`,
          [claim.id, claim.userId],
        );
        if (!marked) return remainingIn(tx, claim.userId);
        const [user] = await tx.query<{ remaining: number }>(
          `UPDATE users SET generations_remaining = generations_remaining + 1
           WHERE id = $1 RETURNING generations_remaining AS remaining`,
          [claim.userId],
        );
        return user?.remaining ?? 0;
      });
    },

    remaining: (userId) => remainingIn(db, userId),
  };
}
