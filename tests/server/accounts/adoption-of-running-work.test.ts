// Issue 24, point 2: signing in moves everything of the browser's guest, its unfinished work included. A
// generation running when its guest signs in finishes under the account (the runner stores the result under the
// job's owner then, not the guest it took the job from); and a sign-in that would give the account more
// unfinished jobs than one user may have waits, saying why. On PGlite and on two PostgreSQL instances.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountPaths, PASSKEY_ERROR_CODES } from '../../../contract/accounts';
import { API_PREFIX } from '../../../contract/endpoints';
import { apiErrorSchema } from '../../../contract/errors';
import { jobPaths } from '../../../contract/generation';
import { imageUrl } from '../../../contract/images';
import { MAX_UNFINISHED_JOBS_PER_USER } from '../../../server/jobs/admission';
import { type Deployment, deploymentCases } from '../../support/deployments';
import { startedJob } from '../generation/generation-client';
import { registerScriptedProvider, SCRIPTED_PROVIDER } from '../generation/scripted-provider';
import { PasskeyBrowser, SoftwareAuthenticator } from './passkey-browser';

const PUBLIC_BASE_URL = 'https://kitchens.example';
const scripted = registerScriptedProvider();
const STAGES = ['preparing', 'rendering', 'finishing'] as const;

describe.each(deploymentCases)('signing in with work under way, on $name', (deployment) => {
  let env: Deployment;
  beforeAll(async () => {
    scripted.behaviour = 'gated';
    env = await deployment.start({
      publicBaseUrl: PUBLIC_BASE_URL,
      generationLimit: 20,
      generationProvider: SCRIPTED_PROVIDER,
    });
  }, 120_000);
  afterAll(() => env?.close());
  const at = (index: number) => env.origins[index % env.origins.length] ?? '';

  async function account() {
    const authenticator = new SoftwareAuthenticator();
    const phone = new PasskeyBrowser(at(0), PUBLIC_BASE_URL);
    const saved = await phone.saveKitchens(authenticator);
    expect(saved.status).toBe(200);
    return { phone, authenticator, accountId: (saved.body as { userId: number }).userId };
  }
  const historyIds = async (browser: PasskeyBrowser) =>
    ((await browser.request(`${API_PREFIX}${jobPaths.history}`)).body as { jobs: { id: string }[] }).jobs.map(
      (job) => job.id,
    );

  it('finishes a generation that was running when its guest signed in, under the account', async () => {
    const { phone, authenticator, accountId } = await account();
    const laptop = new PasskeyBrowser(at(1), PUBLIC_BASE_URL);
    const imageId = await laptop.upload();
    const job = startedJob(await laptop.startKitchen({ imageId }));
    // The runner has read the guest's photo and holds the job at the provider.
    await expect.poll(() => scripted.waiting('preparing'), { timeout: 20_000 }).toBe(1);

    const signedIn = await laptop.signIn(authenticator);
    expect(signedIn.status).toBe(200);
    expect((signedIn.body as { userId: number }).userId).toBe(accountId);
    for (const stage of STAGES) {
      await expect.poll(() => scripted.waiting(stage), { timeout: 20_000 }).toBe(1);
      scripted.open(stage);
    }

    const finished = await phone.finished(job.id);
    expect(finished.state).toBe('succeeded');
    expect(await historyIds(phone)).toContain(job.id);
    expect((await phone.request(imageUrl(finished.resultImageId ?? ''))).status).toBe(200);
    expect((await laptop.request(imageUrl(finished.resultImageId ?? ''))).status).toBe(200);
  }, 60_000);

  it('waits, saying why, rather than give the account more unfinished jobs than the limit', async () => {
    const { phone, authenticator, accountId } = await account();
    const photo = await phone.upload();
    const accountJobs = [];
    for (let n = 0; n < MAX_UNFINISHED_JOBS_PER_USER; n++) {
      accountJobs.push(startedJob(await phone.startKitchen({ imageId: photo })).id);
    }
    const laptop = new PasskeyBrowser(at(1), PUBLIC_BASE_URL);
    const guestJob = startedJob(await laptop.startKitchen({ imageId: await laptop.upload() })).id;

    const refused = await laptop.signIn(authenticator);
    expect(refused.status).toBe(409);
    const error = apiErrorSchema.parse(refused.body);
    expect(error.code).toBe(PASSKEY_ERROR_CODES.busy);
    expect(error.message).toContain(`more than ${MAX_UNFINISHED_JOBS_PER_USER} kitchens being generated`);
    // Nothing moved: the guest's job is still the guest's, and the account still has its three.
    expect(await historyIds(laptop)).toEqual([guestJob]);
    expect(await historyIds(phone)).not.toContain(guestJob);

    // Once the account's have ended, the same sign-in goes through and brings the guest's job along.
    for (const id of accountJobs) expect((await phone.cancel(id)).status).toBe(200);
    const signedIn = await laptop.signIn(authenticator, 0, await laptop.options(accountPaths.signInOptions));
    expect(signedIn.status).toBe(200);
    expect((signedIn.body as { userId: number }).userId).toBe(accountId);
    expect(await historyIds(phone)).toContain(guestJob);
    expect((await laptop.cancel(guestJob)).status).toBe(200);
  }, 60_000);
});
