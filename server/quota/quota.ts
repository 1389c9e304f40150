// The generation quota (DESIGN D3): a user's allowance, a guest network's daily allowance and the daily budget
// of paid provider calls. A claim charges all that apply in one transaction, or nothing; a refund gives back
// exactly what its claim charged, once.
import type { Database, Queryable } from '../db/database';
import { utcDay } from './utc-day';

export interface GenerationClaim {
  id: number;
  userId: number;
  idempotencyKey: string | null;
}

export interface QuotaLimits {
  /** Claims per client network per UTC day; 0: unbounded. */
  networkDailyLimit: number;
  /** Paid claims per UTC day across all users; null: unbounded. */
  dailyBudget: number | null;
}

export interface Charge {
  /** The guest's client network (server/security/client-network.ts); null for an account, bounded per account. */
  network: string | null;
  /** A paid provider call: counts against the daily budget. */
  paid: boolean;
}

/** Which allowance refused: the user's own, the network's for today, or today's budget of paid calls. */
export type Refusal = 'user' | 'network' | 'budget';

export class QuotaRefused extends Error {
  override name = 'QuotaRefused';
  constructor(
    readonly refusal: Refusal,
    /** The user's remaining count, unchanged by the refusal. */
    readonly remaining: number,
  ) {
    super(`generation refused: no ${refusal} allowance left`);
  }
}

export type ClaimResult =
  | { granted: true; claim: GenerationClaim; remaining: number }
  | { granted: false; refusal: Refusal; remaining: number };

export interface Quota {
  /**
   * Locks the user's row for the rest of `tx` and answers their remaining count. Every claim of a user takes
   * this lock first, so their checks and charges happen one request at a time, whatever the instance.
   */
  lockUser(tx: Queryable, userId: number): Promise<number>;
  /**
   * Inside `tx`, after `lockUser`: charges the user, their network and the budget, or throws `QuotaRefused`
   * (the caller's rollback then undoes any partial charge).
   */
  chargeWithin(
    tx: Queryable,
    userId: number,
    charge: Charge,
  ): Promise<{ claim: GenerationClaim; remaining: number }>;
  /** A claim in a transaction of its own. */
  claim(userId: number, charge?: Charge): Promise<ClaimResult>;
  /** Gives the claim's units back; only the first refund of a claim counts. Returns the remaining count. */
  refund(claim: GenerationClaim): Promise<number>;
  remaining(userId: number): Promise<number>;
}

const NO_CHARGE_BEYOND_USER: Charge = { network: null, paid: false };
const UNBOUNDED: QuotaLimits = { networkDailyLimit: 0, dailyBudget: null };

async function remainingIn(db: Queryable, userId: number): Promise<number> {
  const [row] = await db.query<{ remaining: number }>(
    'SELECT generations_remaining AS remaining FROM users WHERE id = $1',
    [userId],
  );
  return row?.remaining ?? 0;
}

/** One more on a daily counter unless it is at `limit`; false when it is (the conditional upsert is atomic). */
async function countUp(
  tx: Queryable,
  table: string,
  key: string[],
  values: readonly unknown[],
  limit: number,
) {
  const columns = key.join(', ');
  const placeholders = key.map((_, index) => `$${index + 1}`).join(', ');
  const rows = await tx.query(
    `INSERT INTO ${table} AS counter (${columns}, used) VALUES (${placeholders}, 1)
     ON CONFLICT (${columns}) DO UPDATE SET used = counter.used + 1 WHERE counter.used < $${key.length + 1}
     RETURNING used`,
    [...values, limit],
  );
  return rows.length > 0;
}

export function createQuota(db: Database, limits: QuotaLimits = UNBOUNDED): Quota {
  const quota: Quota = {
    async lockUser(tx, userId) {
      const [row] = await tx.query<{ remaining: number }>(
        'SELECT generations_remaining AS remaining FROM users WHERE id = $1 FOR UPDATE',
        [userId],
      );
      return row?.remaining ?? 0;
    },

    async chargeWithin(tx, userId, { network, paid }) {
      const [user] = await tx.query<{ remaining: number }>(
        `UPDATE users SET generations_remaining = generations_remaining - 1
         WHERE id = $1 AND generations_remaining > 0 RETURNING generations_remaining AS remaining`,
        [userId],
      );
      if (!user) throw new QuotaRefused('user', 0);
      const unchanged = user.remaining + 1;
      const day = utcDay();
      const networkCounted = network !== null && limits.networkDailyLimit > 0;
      if (
        networkCounted &&
        !(await countUp(
          tx,
          'generation_network_days',
          ['network', 'day'],
          [network, day],
          limits.networkDailyLimit,
        ))
      ) {
        throw new QuotaRefused('network', unchanged);
      }
      const budgetCounted = paid && limits.dailyBudget !== null;
      if (
        budgetCounted &&
        !(await countUp(tx, 'generation_budget_days', ['day'], [day], limits.dailyBudget ?? 0))
      ) {
        throw new QuotaRefused('budget', unchanged);
      }
      const [claim] = await tx.query<{ id: number }>(
        `INSERT INTO generation_claims (user_id, network, day, charged_budget)
         VALUES ($1, $2, $3, $4) RETURNING id`,
        [userId, networkCounted ? network : null, day, budgetCounted],
      );
      if (!claim) throw new Error('INSERT INTO generation_claims returned no row');
      return { claim: { id: claim.id, userId, idempotencyKey: null }, remaining: user.remaining };
    },

    async claim(userId, charge = NO_CHARGE_BEYOND_USER) {
      try {
        return await db.transaction(async (tx): Promise<ClaimResult> => {
          await quota.lockUser(tx, userId);
          return { granted: true, ...(await quota.chargeWithin(tx, userId, charge)) };
        });
      } catch (error) {
        if (!(error instanceof QuotaRefused)) throw error;
        return { granted: false, refusal: error.refusal, remaining: error.remaining };
      }
    },

    refund(claim) {
      return db.transaction(async (tx) => {
        const [marked] = await tx.query<{
          network: string | null;
          day: string | null;
          chargedBudget: boolean;
        }>(
          `UPDATE generation_claims SET refunded_at = now()
           WHERE id = $1 AND user_id = $2 AND refunded_at IS NULL
           RETURNING network, to_char(day, 'YYYY-MM-DD') AS day, charged_budget AS "chargedBudget"`,
          [claim.id, claim.userId],
        );
        if (!marked) return remainingIn(tx, claim.userId);
        if (marked.network !== null) {
          await tx.query(
            'UPDATE generation_network_days SET used = used - 1 WHERE network = $1 AND day = $2 AND used > 0',
            [marked.network, marked.day],
          );
        }
        if (marked.chargedBudget) {
          await tx.query('UPDATE generation_budget_days SET used = used - 1 WHERE day = $1 AND used > 0', [
            marked.day,
          ]);
        }
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
  return quota;
}
