// Issue 34, point 8: a photoreal provider's failure is logged, as docs/api.md says, and its picture is checked
// against the pixel cap in the runner's picture thread before it is cropped or decoded in the server. Through the
// real server (PGlite, the job runner, its picture pool) with the Replicate adapter against a local fake.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database';
import { runMigrations } from '../../../server/db/migrations';
import { registerGenerationProvider } from '../../../server/generation/provider-registry';
import { PROVIDER_MESSAGES } from '../../../server/generation/providers/messages';
import {
  createReplicateProvider,
  REPLICATE_DEFAULTS,
} from '../../../server/generation/providers/replicate/replicate-provider';
import { openFreshPglite } from '../../../tooling/fresh-pglite';
import { type RunningServer, startServer, temporaryDir, testConfig } from '../../../tooling/server';
import { GenerationClient, startedJob } from '../generation/generation-client';
import {
  type FakeReplicate,
  REPLICATE_TEST_TOKEN,
  type ReplicateBehaviour,
  startFakeReplicate,
} from './fake-replicate';

const LIMIT = 3;
const WARN = 40;

interface LogLine {
  level: number;
  msg: string;
  jobId?: string;
  provider?: string;
  err?: { message?: string };
}

const failures: Array<[string, ReplicateBehaviour, string | RegExp]> = [
  ['a 500', 'outage-on-create', PROVIDER_MESSAGES.outage],
  ['an answer that is not a picture', 'draws-not-a-picture', PROVIDER_MESSAGES.unreadable],
  ['a 30 MB body', 'draws-too-many-bytes', /sent back more than we accept/],
  ['a 20000² picture', 'draws-20000-square', /a picture of 20000x20000 pixels, more than we accept/],
  // Refused at its own size: its crop to the photo's 4:3 would have been 16000x12032, decoded in the server.
  ['a 16000² picture', 'draws-16000-square', /a picture of 16000x16000 pixels, more than we accept/],
];

describe('a photoreal provider that fails', () => {
  const temp = temporaryDir();
  const written: string[] = [];
  let db: Database;
  let fake: FakeReplicate;
  let server: RunningServer;

  beforeAll(async () => {
    [db, fake] = await Promise.all([openFreshPglite(), startFakeReplicate()]);
    await runMigrations(db);
    registerGenerationProvider('replicate-failing', () =>
      createReplicateProvider({
        ...REPLICATE_DEFAULTS,
        apiToken: REPLICATE_TEST_TOKEN,
        baseUrl: `${fake.origin}/v1`,
        pollIntervalMs: 10,
        retries: 0,
      }),
    );
    server = await startServer(
      testConfig(temp.dir, {
        generationLimit: LIMIT,
        generationProvider: 'replicate-failing',
        logLevel: 'info',
      }),
      { db, logDestination: { write: (line) => void written.push(line) } },
    );
  }, 60_000);

  afterAll(async () => {
    await server?.close();
    await fake?.close();
    await db?.close();
    temp.remove();
  });

  it.each(failures)(
    'on %s: the job fails uncharged, with a warn line that names it and no key',
    async (_, behaviour, message) => {
      fake.behaviour = behaviour;
      const user = new GenerationClient(server.origin);
      const imageId = await user.upload();
      const job = startedJob(await user.startKitchen({ imageId }));
      const done = await user.finished(job.id);
      expect(done.state).toBe('failed');
      expect(done.error).toMatch(message);
      expect(done.error).toContain('not charged');
      expect(await user.remaining()).toBe(LIMIT);

      const lines = written.map((line) => JSON.parse(line) as LogLine);
      const warned = lines.filter((line) => line.jobId === job.id && line.level >= WARN);
      expect(warned).toEqual([
        expect.objectContaining({
          level: WARN,
          msg: 'generation failed',
          provider: 'replicate',
          err: expect.objectContaining({ message: expect.any(String) }),
        }),
      ]);
      expect(written.join('\n')).not.toContain(REPLICATE_TEST_TOKEN);
    },
  );
});
