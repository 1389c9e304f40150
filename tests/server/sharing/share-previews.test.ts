// Issue 24, point 3: a share link's Open Graph preview is derived data. However many links a kitchen has had
// (made, fetched by a crawler, revoked, again), it has one preview; previews never count against the owner's
// storage cap nor appear in their export; and an og.jpg asked for while its kitchen is deleted or revoked
// answers 404 or 410, never 500. On PGlite and on two PostgreSQL instances.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX, myDataPaths } from '../../../contract/endpoints';
import { EXPORT_DATA_FILE, exportedDataSchema } from '../../../contract/my-data';
import { type Deployment, deploymentCases } from '../../support/deployments';
import { readZip } from '../../support/read-zip';
import { GenerationClient } from '../generation/generation-client';
import { finishedKitchen, revoke, shareOf, stranger } from './share-client';

const LINKS_MADE_AND_REVOKED = 8;
const PREVIEW_SIZE = { width: 1200, height: 630 };
/** Room for two photos and a result (about 190 KB), not for the previews of every link too (33 KB each). */
const CAP_MB = 0.25;

describe.each(deploymentCases)('share previews on $name', (deployment) => {
  let env: Deployment;
  beforeAll(async () => {
    env = await deployment.start({ generationLimit: 20, imageStoragePerUserMb: CAP_MB });
  }, 120_000);
  afterAll(() => env?.close());
  const at = (index: number) => env.origins[index % env.origins.length] ?? '';

  const imagesOf = (jobId: string) =>
    env.db.query<{ width: number; height: number; byteSize: number }>(
      `SELECT width, height, byte_size AS "byteSize" FROM images
       WHERE owner_id = (SELECT user_id FROM generation_jobs WHERE id = $1)`,
      [jobId],
    );

  it('keeps one preview per kitchen, outside the storage cap and the export, however many links come and go', async () => {
    const owner = new GenerationClient(at(0));
    const { jobId } = await finishedKitchen(owner);
    for (let link = 0; link < LINKS_MADE_AND_REVOKED; link++) {
      const { path, share } = await shareOf(owner.on(at(link)), jobId);
      expect((await stranger(at(link + 1), `${path}/og.jpg`)).status).toBe(200);
      expect((await revoke(owner, share.id)).status).toBe(200);
    }
    const stored = await imagesOf(jobId);
    const previews = stored.filter(
      (image) => image.width === PREVIEW_SIZE.width && image.height === PREVIEW_SIZE.height,
    );
    expect(previews).toHaveLength(1);

    // The cap counts the photo and the result, not the preview: another photo as large as the first fits.
    const counted = stored.reduce((sum, image) => sum + image.byteSize, 0) - (previews[0]?.byteSize ?? 0);
    expect(counted + (stored[0]?.byteSize ?? 0)).toBeLessThan(CAP_MB * 1024 * 1024);
    await owner.upload();

    const zip = readZip((await owner.request(`${API_PREFIX}${myDataPaths.export}`)).body as Buffer);
    const data = exportedDataSchema.parse(
      JSON.parse(zip.find((entry) => entry.name === EXPORT_DATA_FILE)?.data.toString('utf8') ?? 'null'),
    );
    expect(data.images.map((image) => [image.width, image.height])).not.toContainEqual([
      PREVIEW_SIZE.width,
      PREVIEW_SIZE.height,
    ]);
    expect(zip.map((entry) => entry.name).filter((name) => name !== EXPORT_DATA_FILE)).toHaveLength(3);
  }, 60_000);

  it('answers 404 or 410, never 500, for an og.jpg asked for while its kitchen is deleted or revoked', async () => {
    for (const ending of ['delete', 'revoke'] as const) {
      const owner = new GenerationClient(at(0));
      const { jobId } = await finishedKitchen(owner);
      const { path, share } = await shareOf(owner, jobId);
      const end =
        ending === 'revoke'
          ? revoke(owner.on(at(1)), share.id)
          : owner.on(at(1)).request(`${API_PREFIX}${myDataPaths.me}`, {
              method: 'DELETE',
              body: JSON.stringify({ confirm: 'delete' }),
              headers: { 'content-type': 'application/json' },
            });
      const [ended, ...previews] = await Promise.all([
        end,
        ...Array.from({ length: 8 }, (_, index) => stranger(at(index), `${path}/og.jpg`)),
      ]);
      expect(ended?.status).toBeLessThan(300);
      for (const preview of previews) expect([200, 404, 410], ending).toContain(preview.status);
      expect([404, 410]).toContain((await stranger(at(0), `${path}/og.jpg`)).status);
    }
  }, 60_000);
});
