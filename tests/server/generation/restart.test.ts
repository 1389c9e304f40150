// Graceful shutdown and restart (docs/operations.md, "Generation jobs"): the job in hand when the server stops is
// handed back, not failed, and the restarted server takes it up and finishes it, together with the jobs still
// queued; every unit is charged once. The same data directory (PGlite on disk) across both runs.
import { afterAll, describe, expect, it } from 'vitest';
import { jobPaths } from '../../../contract/generation';
import { type RunningServer, startServer, temporaryDir, testConfig } from '../../../tooling/server';
import { GenerationClient, jobPath, startedJob } from './generation-client';
import { registerScriptedProvider, SCRIPTED_PROVIDER } from './scripted-provider';

const LIMIT = 5;
const scripted = registerScriptedProvider();
const temp = temporaryDir();
const config = testConfig(temp.dir, { generationLimit: LIMIT, generationProvider: SCRIPTED_PROVIDER });

let server: RunningServer | undefined;
afterAll(async () => {
  await server?.close();
  temp.remove();
});

describe('restart', () => {
  it('hands the job in hand back at shutdown; the restarted server finishes it, charged once', async () => {
    scripted.behaviour = 'gated';
    server = await startServer(config);
    const before = new GenerationClient(server.origin);
    const imageId = await before.upload();
    const kitchen = startedJob(await before.startKitchen({ imageId }));
    scripted.open('preparing');
    await before.until(kitchen.id, (job) => job.state === 'rendering');
    const emptyRoom = startedJob(await before.startEmptyRoom(imageId));
    // The scripted provider stands in for a paid one: its empty room took a unit too.
    expect(await before.remaining()).toBe(LIMIT - 2);

    const abortedBefore = scripted.aborted;
    const startedBefore = scripted.started;
    await server.close();
    // The job in hand was told to stop; it is neither failed nor refunded.
    expect(scripted.aborted).toBe(abortedBefore + 1);

    server = await startServer(config);
    // Same data directory and session secret: the same browser session, with its jobs.
    const after = before.on(server.origin);
    const read = await after.request(jobPath(jobPaths.job, kitchen.id));
    expect(read.remaining).toBe(LIMIT - 2);
    // Taken up again at once (its lease was handed back), still past `preparing`: stages never go back.
    await expect.poll(() => scripted.started, { timeout: 20_000 }).toBe(startedBefore + 1);
    expect((await after.job(kitchen.id)).state).toBe('rendering');
    for (const stage of ['preparing', 'rendering', 'finishing'] as const) scripted.open(stage);
    expect(await after.finished(kitchen.id)).toMatchObject({ state: 'succeeded', error: null });

    // Then the empty room queued before the restart.
    for (const stage of ['preparing', 'rendering', 'finishing'] as const) scripted.open(stage);
    expect((await after.finished(emptyRoom.id)).state).toBe('succeeded');
    // Both succeeded: each charged once, across the restart.
    expect(await after.remaining()).toBe(LIMIT - 2);
  }, 60_000);
});
