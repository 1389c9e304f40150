// Issue 34, point 4: a job paints exactly the masks it was asked with. Masks marked again while the job waits
// for the runner fail it, its unit given back, instead of filing a picture of the new masks under the old ones.
// Through the real server on PGlite, with the test's provider holding another visitor's job so this one waits.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database';
import { openMigratedPglite } from '../../../tooling/fresh-pglite';
import { knownKitchen } from '../../../tooling/known-kitchens';
import { type RunningServer, startServer, temporaryDir, testConfig } from '../../../tooling/server';
import { GenerationClient, startedJob } from './generation-client';
import { registerScriptedProvider, SCRIPTED_PROVIDER } from './scripted-provider';

const scripted = registerScriptedProvider();
let db: Database;
let server: RunningServer;
const temp = temporaryDir();

beforeAll(async () => {
  db = await openMigratedPglite();
  server = await startServer(testConfig(temp.dir, { generationProvider: SCRIPTED_PROVIDER }), { db });
}, 60_000);

afterAll(async () => {
  await server?.close();
  await db?.close();
  temp.remove();
});

describe('masks marked again while a kitchen waits', () => {
  it('fail the kitchen, uncharged, rather than paint masks it was not asked with', async () => {
    scripted.behaviour = 'gated';
    const kitchen = await knownKitchen({ width: 600 });
    const other = new GenerationClient(server.origin);
    const ahead = startedJob(await other.startKitchen({ imageId: await other.upload() }));
    await other.until(ahead.id, (job) => job.state === 'preparing');

    const visitor = new GenerationClient(server.origin);
    const imageId = await visitor.upload(new Uint8Array(kitchen.picture.bytes));
    await visitor.markSurfaces(imageId, kitchen.masks);
    const remaining = await visitor.remaining();
    const waiting = startedJob(await visitor.startKitchen({ imageId }));
    expect((await visitor.job(waiting.id)).state).toBe('queued');
    // Marked again: only the fronts now.
    const { fronts } = kitchen.masks.planes;
    await visitor.markSurfaces(imageId, { ...kitchen.masks, planes: { fronts } });

    // Both jobs may pass every stage of the provider.
    for (const stage of ['preparing', 'rendering', 'finishing'] as const) {
      scripted.open(stage);
      scripted.open(stage);
    }
    expect(await other.finished(ahead.id)).toMatchObject({ state: 'succeeded' });
    const ended = await visitor.finished(waiting.id);
    expect(ended).toMatchObject({ state: 'failed', resultImageId: null });
    expect(ended.error).toMatch(/marking changed/);
    expect(await visitor.remaining()).toBe(remaining);
  }, 60_000);
});
