// Two server instances on one PostgreSQL share the per-network quota and the rate limit: a client gains nothing
// by reaching another instance. Both sit behind a trusted proxy (127.0.0.1) that forwards the client's address.
// They share one data directory only so that either instance's runner finds every photo.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '../../../contract/errors';
import { type RunningServer, startServer, temporaryDir, testConfig } from '../../../tooling/server';
import { startPostgres, type TestPostgres } from '../../support/postgres';
import { GenerationClient } from '../generation/generation-client';

const NETWORK_LIMIT = 3;
// Eight guests of one address send three state-changing requests each (the photo, its marking, the kitchen).
const RATE_LIMIT = 30;

let cluster: TestPostgres;
let instances: RunningServer[] = [];
const temp = temporaryDir();

beforeAll(async () => {
  cluster = await startPostgres();
  const config = testConfig(temp.dir, {
    databaseUrl: cluster.url,
    trustProxy: ['127.0.0.1'],
    generationNetworkDailyLimit: NETWORK_LIMIT,
    rateLimit: { max: RATE_LIMIT, windowMs: 60 * 60_000 },
    // Room in the image threads' queue for every upload and marking at once: only the limits may refuse.
    imagePool: { queueMax: 24 },
  });
  // One after the other: the first creates the schema.
  instances = [await startServer(config), await startServer(config)];
}, 90_000);

afterAll(async () => {
  for (const instance of instances) await instance.close();
  await cluster?.stop();
  temp.remove();
});

/** A fresh guest behind the proxy, on the `index`th instance, alternating. */
const guestOn = (index: number, clientAddress: string) =>
  new GenerationClient(instances[index % 2]?.origin ?? '', { 'x-forwarded-for': clientAddress });

describe('two instances on one PostgreSQL', () => {
  it('share the per-network quota: 8 concurrent guests across both get exactly the limit', async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, async (_, index) => {
        const guest = guestOn(index, '203.0.113.77');
        return guest.startKitchen({ imageId: await guest.uploadMarked() });
      }),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 202)).toHaveLength(NETWORK_LIMIT);
    const refused = answers.filter((answer) => answer.status !== 202);
    expect(refused.map((answer) => apiErrorSchema.parse(answer.body).code)).toEqual(
      Array(8 - NETWORK_LIMIT).fill('NETWORK_LIMIT_REACHED'),
    );
  }, 60_000);

  it('let one session spend no more than its limits with 50 concurrent requests across both', async () => {
    const first = guestOn(0, '203.0.113.99');
    const imageId = await first.uploadMarked();
    const twin = first.on(instances[1]?.origin ?? '');
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, index) => (index % 2 ? twin : first).startKitchen({ imageId })),
    );
    // The unfinished-jobs limit and the network limit are both 3: exactly 3 start, wherever they land. Past
    // RATE_LIMIT hits the rest never reach the route.
    expect(answers.filter((answer) => answer.status === 202)).toHaveLength(3);
    const codes = new Set(
      answers
        .filter((answer) => answer.status !== 202)
        .map((answer) => apiErrorSchema.parse(answer.body).code),
    );
    expect(
      [...codes].every((code) =>
        ['TOO_MANY_JOBS', 'NETWORK_LIMIT_REACHED', 'RATE_LIMITED'].includes(code ?? ''),
      ),
    ).toBe(true);
    expect(await first.remaining()).toBe(5 - 3);
  }, 60_000);

  it('share the rate limit: the hits on both count against one window', async () => {
    const statuses = [];
    for (let index = 0; index <= RATE_LIMIT; index += 1) {
      statuses.push((await guestOn(index, '203.0.113.88').startKitchen({ imageId: 'none' })).status);
    }
    expect(statuses).toEqual([...Array<number>(RATE_LIMIT).fill(400), 429]);
    expect((await guestOn(1, '203.0.113.89').startKitchen({ imageId: 'none' })).status).toBe(400);
  });
});
