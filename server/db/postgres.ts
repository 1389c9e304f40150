import pg from 'pg';
import type { Database, Queryable } from './database';

// PostgreSQL `bigint` (and COUNT) arrive as strings by default; our ids and counts fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export async function openPostgres(connectionString: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  // An idle client that loses its connection emits here; without a listener the process would crash.
  pool.on('error', () => {});
  // Fail at start, not on the first request, when the database is unreachable.
  const probe = await pool.connect();
  probe.release();

  const clientQuery =
    (client: pg.Pool | pg.PoolClient): Queryable['query'] =>
    async <Row>(sql: string, params: readonly unknown[] = []) =>
      (await client.query(sql, [...params])).rows as Row[];

  return {
    kind: 'postgres',
    query: clientQuery(pool),
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work({ query: clientQuery(client) });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
