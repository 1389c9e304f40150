// Issue 24, point 1: one lock order (the user row first) for every transaction that touches a user and their jobs
// or links. Share links made by the dozen while the same user deletes their data, or signs in, on one instance on
// PGlite and across two instances on PostgreSQL: no 500 and no deadlock, nothing left after the delete, every
// link made before a sign-in still opening after it, and 404 for a link asked for after the delete.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountPaths } from '../../../contract/accounts';
import { API_PREFIX, myDataPaths } from '../../../contract/endpoints';
import { createdShareSchema } from '../../../contract/sharing';
import { type Deployment, deploymentCases } from '../../support/deployments';
import type { Answer } from '../generation/generation-client';
import { finishedKitchen, postShare, stranger } from '../sharing/share-client';
import { PasskeyBrowser, SoftwareAuthenticator } from './passkey-browser';

/** Both instances are configured with the one public address the pages run on (the passkeys' origin). */
const PUBLIC_BASE_URL = 'https://kitchens.example';
const ROUNDS = 3;
const CREATIONS = 8;

const erase: RequestInit = {
  method: 'DELETE',
  body: JSON.stringify({ confirm: 'delete' }),
  headers: { 'content-type': 'application/json' },
};

const linkPath = (answer: Answer) => new URL(createdShareSchema.parse(answer.body).url).pathname;

describe.each(deploymentCases)('share links racing a delete and a sign-in, on $name', (deployment) => {
  let env: Deployment;
  beforeAll(async () => {
    env = await deployment.start({ publicBaseUrl: PUBLIC_BASE_URL, generationLimit: 20 });
  }, 120_000);
  afterAll(() => env?.close());
  const at = (index: number) => env.origins[index % env.origins.length] ?? '';

  const ownerOfJob = async (jobId: string) => {
    const [row] = await env.db.query<{ userId: number }>(
      'SELECT user_id AS "userId" FROM generation_jobs WHERE id = $1',
      [jobId],
    );
    return row?.userId;
  };
  const rowsOf = async (userId: number) => {
    const [row] = await env.db.query<Record<string, number>>(
      `SELECT (SELECT count(*)::integer FROM users WHERE id = $1) AS users,
        (SELECT count(*)::integer FROM generation_jobs WHERE user_id = $1) AS jobs,
        (SELECT count(*)::integer FROM images WHERE owner_id = $1) AS images,
        (SELECT count(*)::integer FROM share_links WHERE owner_id = $1) AS links`,
      [userId],
    );
    return row;
  };

  it('deletes everything of a user making share links at the same moment, without a 500', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const owner = new PasskeyBrowser(at(round), PUBLIC_BASE_URL);
      const { jobId } = await finishedKitchen(owner);
      const userId = await ownerOfJob(jobId);
      if (userId === undefined) throw new Error('the job has an owner');
      const [deleted, ...creations] = await Promise.all([
        owner.via(at(round + 1)).request(`${API_PREFIX}${myDataPaths.me}`, erase),
        ...Array.from({ length: CREATIONS }, (_, index) => postShare(owner.via(at(index)), jobId)),
      ]);
      expect(deleted?.status, `round ${round}: ${JSON.stringify(deleted?.body)}`).toBe(204);
      for (const creation of creations)
        expect([201, 404], JSON.stringify(creation.body)).toContain(creation.status);
      expect(await rowsOf(userId)).toEqual({ users: 0, jobs: 0, images: 0, links: 0 });
      // Links made in the race went with the data; one asked for after it finds no kitchen.
      for (const made of creations.filter((creation) => creation.status === 201)) {
        expect((await stranger(at(0), linkPath(made))).status).toBe(404);
      }
      expect((await postShare(owner, jobId)).status).toBe(404);
    }
  }, 120_000);

  it('signs in a guest making share links at the same moment; every link made keeps opening', async () => {
    const authenticator = new SoftwareAuthenticator();
    const phone = new PasskeyBrowser(at(0), PUBLIC_BASE_URL);
    const saved = await phone.saveKitchens(authenticator);
    expect(saved.status).toBe(200);
    const accountId = (saved.body as { userId: number }).userId;
    for (let round = 0; round < ROUNDS; round++) {
      const laptop = new PasskeyBrowser(at(round), PUBLIC_BASE_URL);
      const { jobId } = await finishedKitchen(laptop);
      const options = await laptop.options(accountPaths.signInOptions);
      const [signedIn, ...creations] = await Promise.all([
        laptop.via(at(round + 1)).signIn(authenticator, 0, options),
        ...Array.from({ length: CREATIONS }, (_, index) => postShare(laptop.via(at(index)), jobId)),
      ]);
      expect(signedIn?.status, `round ${round}: ${JSON.stringify(signedIn?.body)}`).toBe(200);
      for (const creation of creations)
        expect([201, 404], JSON.stringify(creation.body)).toContain(creation.status);
      expect(await ownerOfJob(jobId)).toBe(accountId);
      for (const made of creations.filter((creation) => creation.status === 201)) {
        expect((await stranger(at(round), linkPath(made))).status).toBe(200);
      }
    }
  }, 120_000);
});
