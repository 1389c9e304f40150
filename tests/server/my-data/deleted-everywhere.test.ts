// Issue 24, point 9 (the server's part): deleting data clears the browser. The deletion answers Clear-Site-Data,
// so the deleting browser drops its cache and stores; owner-only images are cached privately and revalidated,
// so another device signed in to the same account asks again and hears 404 instead of showing a deleted
// kitchen from its cache. On PGlite and on two PostgreSQL instances.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX, myDataPaths } from '../../../contract/endpoints';
import { imageUrl } from '../../../contract/images';
import { type Deployment, deploymentCases } from '../../support/deployments';
import { PasskeyBrowser, SoftwareAuthenticator } from '../accounts/passkey-browser';
import { finishedKitchen } from '../sharing/share-client';

const PUBLIC_BASE_URL = 'https://kitchens.example';

describe.each(deploymentCases)('deleting an account’s data, on $name', (deployment) => {
  let env: Deployment;
  beforeAll(async () => {
    env = await deployment.start({ publicBaseUrl: PUBLIC_BASE_URL });
  }, 120_000);
  afterAll(() => env?.close());
  const at = (index: number) => env.origins[index % env.origins.length] ?? '';

  it('tells the deleting browser to forget the site, and another device’s cached images revalidate to 404', async () => {
    const authenticator = new SoftwareAuthenticator();
    const phone = new PasskeyBrowser(at(0), PUBLIC_BASE_URL);
    const { jobId, imageId } = await finishedKitchen(phone);
    expect((await phone.saveKitchens(authenticator)).status).toBe(200);
    const laptop = new PasskeyBrowser(at(1), PUBLIC_BASE_URL);
    expect((await laptop.signIn(authenticator)).status).toBe(200);

    const job = await laptop.job(jobId);
    const cachedByLaptop = [];
    for (const id of [imageId, job.resultImageId ?? '']) {
      const image = await laptop.request(imageUrl(id));
      expect(image.status).toBe(200);
      expect(image.headers.get('cache-control')).toBe('private, no-cache');
      const etag = image.headers.get('etag') ?? '';
      // Revalidating an image that is still there costs no bytes.
      const again = await laptop.request(imageUrl(id), { headers: { 'if-none-match': etag } });
      expect(again.status).toBe(304);
      cachedByLaptop.push({ id, etag });
    }

    const deleted = await phone.request(`${API_PREFIX}${myDataPaths.me}`, {
      method: 'DELETE',
      body: JSON.stringify({ confirm: 'delete' }),
      headers: { 'content-type': 'application/json' },
    });
    expect(deleted.status).toBe(204);
    expect(deleted.headers.get('clear-site-data')).toBe('"cache", "cookies", "storage"');

    // The laptop's reload asks whether what it cached still stands: it does not.
    for (const { id, etag } of cachedByLaptop) {
      const revalidated = await laptop.request(imageUrl(id), { headers: { 'if-none-match': etag } });
      expect(revalidated.status).toBe(404);
    }
  }, 60_000);
});
