// The catalogue is the same for everyone: reading it sets no cookie and creates no guest user.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { API_PREFIX, actionPaths, cataloguePaths } from '../../../contract/endpoints';
import { jobPaths } from '../../../contract/generation';
import {
  cookieHeader,
  type RunningServer,
  startServer,
  temporaryDir,
  testConfig,
} from '../../../tooling/server';

let server: RunningServer;
const temp = temporaryDir();

beforeAll(async () => {
  server = await startServer(testConfig(temp.dir));
}, 60_000);

afterAll(async () => {
  await server?.close();
  temp.remove();
});

it('answers catalogue reads without a session, so a script cannot fill the users table', async () => {
  for (let read = 0; read < 5; read += 1) {
    const response = await fetch(`${server.origin}${API_PREFIX}${cataloguePaths.doorStyleGroups.path}`);
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie()).toEqual([]);
  }
  // The first visit that needs a user gets the first guest id: the reads above created none.
  const cookie = cookieHeader(await fetch(`${server.origin}${API_PREFIX}${jobPaths.history}`));
  const authorize = await fetch(`${server.origin}${API_PREFIX}${actionPaths.authorizeUser}`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ userId: 1 }),
  });
  expect(authorize.status).toBe(200);
});
