// A runner that finds at a renewal that its job is no longer its own: another runner holds the lease (this one
// stalled past it). It stops work without failing or refunding the job and without cancelling the provider's
// job; once that other lease lapses, the job is taken again as a second attempt and finishes, charged once.
// The real server in-process on real PGlite, with a short lease; the other runner is written into the database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database';
import { runMigrations } from '../../../server/db/migrations';
import { openPglite } from '../../../server/db/pglite';
import { type RunningServer, startServer, temporaryDir, testConfig } from '../../support/server';
import { GenerationClient, startedJob } from './generation-client';
import { registerScriptedProvider, SCRIPTED_PROVIDER } from './scripted-provider';

const LIMIT = 5;
const scripted = registerScriptedProvider();
const temp = temporaryDir();
let db: Database;
let server: RunningServer;

beforeAll(async () => {
  db = await openPglite();
  await runMigrations(db);
  server = await startServer(
    testConfig(temp.dir, {
      generationLimit: LIMIT,
      generationProvider: SCRIPTED_PROVIDER,
      generationJobs: { leaseMs: 1_000, pollMs: 100, maxAttempts: 3 },
    }),
    { db },
  );
}, 60_000);
afterAll(async () => {
  await server?.close();
  await db?.close();
  temp.remove();
});

describe('a lost lease', () => {
  it('stops the runner without failing the job; the job is taken again once the other lease lapses', async () => {
    scripted.behaviour = 'gated';
    const client = new GenerationClient(server.origin);
    const imageId = await client.upload();
    const job = startedJob(await client.startKitchen({ imageId }));
    scripted.open('preparing');
    await client.until(job.id, (current) => current.state === 'rendering');
    const abortedBefore = scripted.aborted;
    const startedBefore = scripted.started;

    // Another runner holds it now, for a few of this runner's renewals.
    await db.query(
      `UPDATE generation_jobs SET lease_owner = 'another-runner',
         lease_expires_at = clock_timestamp() + interval '3 seconds' WHERE id = $1`,
      [job.id],
    );
    await expect.poll(() => scripted.aborted, { timeout: 20_000 }).toBe(abortedBefore + 1);
    expect((await client.job(job.id)).state).toBe('rendering');

    // That runner never renews: its lease lapses and this server takes the job up again.
    await expect.poll(() => scripted.started, { timeout: 20_000 }).toBe(startedBefore + 1);
    for (const stage of ['preparing', 'rendering', 'finishing'] as const) scripted.open(stage);
    expect(await client.finished(job.id)).toMatchObject({ state: 'succeeded', error: null });
    const [row] = await db.query<{ attempts: number }>('SELECT attempts FROM generation_jobs WHERE id = $1', [
      job.id,
    ]);
    expect(row?.attempts).toBe(2);
    expect(await client.remaining()).toBe(LIMIT - 1);
  }, 60_000);
});
