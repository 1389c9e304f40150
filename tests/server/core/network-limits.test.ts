// Who the client is and how much one network may spend, through the real server on PGlite: the per-network
// daily quota against a client that drops its cookie, IPv6 /64s, and trusted proxies (a proxy list or a hop
// count) against a forged leftmost X-Forwarded-For, for both the network quota and the rate limit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '../../../contract/errors';
import type { Config } from '../../../server/config';
import type { Database } from '../../../server/db/database';
import { clientNetwork } from '../../../server/security/client-network';
import { databaseRateLimitStore } from '../../../server/security/rate-limit-store';
import { openMigratedPglite } from '../../../tooling/fresh-pglite';
import { type RunningServer, startServer, temporaryDir, testConfig } from '../../../tooling/server';
import { type Answer, GenerationClient } from '../generation/generation-client';

let db: Database;
const temp = temporaryDir();
const servers: RunningServer[] = [];

beforeAll(async () => {
  db = await openMigratedPglite();
}, 60_000);

afterAll(async () => {
  for (const server of servers) await server.close();
  await db?.close();
  temp.remove();
});

/** A server on the file's database and data directory (so any instance's runner finds every photo). */
async function serverWith(overrides: Partial<Config>): Promise<RunningServer> {
  const server = await startServer(testConfig(temp.dir, overrides), { db });
  servers.push(server);
  return server;
}

const codeOf = (answer: Answer) => apiErrorSchema.parse(answer.body).code;

/** A guest with no cookie yet, as a client that dropped its cookie; `headers` as a proxy would add them. */
async function freshGuestKitchen(origin: string, headers: Record<string, string> = {}): Promise<Answer> {
  const guest = new GenerationClient(origin, headers);
  return guest.startKitchen({ imageId: await guest.uploadMarked() });
}

function expectNetworkRefusal(answer: Answer, remaining: number): void {
  expect(answer.status).toBe(429);
  expect(codeOf(answer)).toBe('NETWORK_LIMIT_REACHED');
  expect(apiErrorSchema.parse(answer.body).message).toMatch(
    /from your network today; please try again tomorrow/,
  );
  expect(answer.remaining).toBe(remaining);
  const retryAfter = Number(answer.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(24 * 60 * 60);
}

describe('the client network', () => {
  it('is the IPv4 address, or the IPv6 /64; an IPv4-mapped IPv6 address counts as its IPv4', () => {
    expect(clientNetwork('203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetwork('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetwork('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(clientNetwork('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(clientNetwork('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(clientNetwork('::1')).toBe('0:0:0:0::/64');
    expect(clientNetwork('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });
});

describe('a client that drops its cookie before each generation', () => {
  it('gets exactly the network limit from one address, then 429 NETWORK_LIMIT_REACHED', async () => {
    // GENERATION_LIMIT=2 and the default network limit, 3 x 2.
    // Room in the image threads' queue for ten uploads and their markings at once: only the quota may refuse.
    const server = await serverWith({
      generationLimit: 2,
      generationNetworkDailyLimit: 6,
      imagePool: { queueMax: 24 },
    });
    const answers: Answer[] = [];
    // Ten at a time: concurrency must not let one more through either.
    for (let batch = 0; batch < 6; batch += 1) {
      answers.push(
        ...(await Promise.all(Array.from({ length: 10 }, () => freshGuestKitchen(server.origin)))),
      );
    }
    const granted = answers.filter((answer) => answer.status === 202);
    expect(granted).toHaveLength(6);
    expect(granted.every((answer) => answer.remaining === 1)).toBe(true);
    const refused = answers.filter((answer) => answer.status !== 202);
    expect(refused).toHaveLength(54);
    for (const answer of refused) expectNetworkRefusal(answer, 2);
  }, 120_000);
});

describe.each([
  ['a list of proxy addresses', ['127.0.0.1']],
  ['a hop count', 1],
] as const)('behind a proxy trusted by %s', (_name, trustProxy) => {
  let server: RunningServer;
  // Room for three guests of one /64, each sending the photo, its marking and the kitchen.
  const RATE_LIMIT = 10;

  beforeAll(async () => {
    server = await serverWith({
      trustProxy: typeof trustProxy === 'number' ? trustProxy : [...trustProxy],
      generationNetworkDailyLimit: 2,
      rateLimit: { max: RATE_LIMIT, windowMs: 60 * 60_000 },
    });
  });

  /** What the proxy sends: whatever the client wrote, then the address the proxy saw. */
  const forwarded = (forged: string, real: string) => ({ 'x-forwarded-for': `${forged}, ${real}` });
  const subnet = typeof trustProxy === 'number' ? 'a' : 'b';

  it('counts addresses of one IPv6 /64 as one network, whatever the client forges leftmost', async () => {
    const answers = [];
    for (let i = 1; i <= 3; i += 1) {
      answers.push(
        await freshGuestKitchen(server.origin, forwarded(`10.0.0.${i}`, `2001:db8:${subnet}:1::${i}`)),
      );
    }
    expect(answers.map((answer) => answer.status)).toEqual([202, 202, 429]);
    expectNetworkRefusal(answers[2] as Answer, 5);
    // The next /64 has its own allowance.
    const neighbour = await freshGuestKitchen(
      server.origin,
      forwarded('10.0.0.9', `2001:db8:${subnet}:2::1`),
    );
    expect(neighbour.status).toBe(202);
  }, 60_000);

  it('rate-limits the real client however the forged address rotates', async () => {
    const real = subnet === 'a' ? '203.0.113.10' : '203.0.113.20';
    const post = (forged: string, address: string) =>
      new GenerationClient(server.origin, forwarded(forged, address)).startKitchen({ imageId: 'none' });
    const statuses = [];
    for (let i = 0; i <= RATE_LIMIT; i += 1) statuses.push((await post(`198.18.0.${i}`, real)).status);
    // Each is refused for its body (400) until the window is spent: then 429 RATE_LIMITED.
    expect(statuses).toEqual([...Array<number>(RATE_LIMIT).fill(400), 429]);
    const limited = await post('198.18.1.1', real);
    expect(codeOf(limited)).toBe('RATE_LIMITED');
    // Another real client, same forged value, is not limited.
    expect((await post('198.18.0.1', `${real}1`)).status).toBe(400);
  });
});

describe('the rate-limit store', () => {
  /** One hit through a store's callback interface. */
  const hit = (
    store: InstanceType<ReturnType<typeof databaseRateLimitStore>>,
    key: string,
    windowMs: number,
  ) =>
    new Promise<{ current: number; ttl: number }>((resolve, reject) =>
      store.incr(key, (error, result) => (error || !result ? reject(error) : resolve(result)), windowMs, 1),
    );

  it('counts one key across stores, keeps routes with their own limits apart, and deletes ended windows', async () => {
    const Store = databaseRateLimitStore(db);
    await db.query("INSERT INTO rate_limit_windows (key, window_ends_at, hits) VALUES ('ended', 1, 5)");
    const [first, second] = [new Store({}), new Store({})];
    const window = 60 * 60_000;
    expect((await hit(first, 'store-test', window)).current).toBe(1);
    const again = await hit(second, 'store-test', window);
    expect(again.current).toBe(2);
    expect(again.ttl).toBeGreaterThan(0);
    expect(again.ttl).toBeLessThanOrEqual(window);
    // Shaped as the plugin really calls it (merged parameters, the route under routeInfo), not as its types say.
    const route = first.child({ routeInfo: { method: 'POST', url: '/own-limit' } } as never);
    expect((await hit(route, 'store-test', window)).current).toBe(1);
    // The first hit of each store also swept ended windows (best effort, after the upsert).
    await expect.poll(() => db.query("SELECT key FROM rate_limit_windows WHERE key = 'ended'")).toEqual([]);
  });
});
