// Restart recovery: jobs queued or in progress when the server stops are failed on the next start with a
// message saying so, and their units come back. The same data directory (PGlite on disk) across both runs.
import { afterAll, describe, expect, it } from 'vitest';
import { jobPaths } from '../../../contract/generation';
import { type RunningServer, startServer, temporaryDir, testConfig } from '../../support/server';
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

describe('restart recovery', () => {
  it('fails and refunds the jobs a stopped server left unfinished', async () => {
    scripted.behaviour = 'gated';
    server = await startServer(config);
    const before = new GenerationClient(server.origin);
    const imageId = await before.upload();
    const kitchen = startedJob(await before.startKitchen({ imageId }));
    scripted.open('preparing');
    await before.until(kitchen.id, (job) => job.state === 'rendering');
    const emptyRoom = startedJob(await before.startEmptyRoom(imageId));
    // The scripted provider stands in for a paid one: its empty room took a unit too (both come back below).
    expect(await before.remaining()).toBe(LIMIT - 2);

    const abortedBefore = scripted.aborted;
    await server.close();
    // The job in hand was told to stop; nothing was recorded for it.
    expect(scripted.aborted).toBe(abortedBefore + 1);

    server = await startServer(config);
    // Same data directory and session secret: the same browser session, with its jobs.
    const after = before.on(server.origin);
    const failedKitchen = await after.job(kitchen.id);
    expect(failedKitchen).toMatchObject({
      state: 'failed',
      resultImageId: null,
      error: 'The server restarted while your kitchen was being made; your generation was not charged.',
    });
    expect(await after.job(emptyRoom.id)).toMatchObject({
      state: 'failed',
      error: 'The server restarted while your empty room was being prepared. Please try again.',
    });
    const read = await after.request(jobPath(jobPaths.job, kitchen.id));
    expect(read.remaining).toBe(LIMIT);

    // The restarted server takes new work as usual.
    scripted.behaviour = 'throws';
    const next = await after.finished(startedJob(await after.startKitchen({ imageId })).id);
    expect(next.state).toBe('failed');
    expect(await after.remaining()).toBe(LIMIT);
  }, 60_000);
});
