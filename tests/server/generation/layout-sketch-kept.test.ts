// Issue 34, point 5: a kitchen's layout sketch is drawn once, when its job succeeds, and stored with it as an
// image of its owner's; reading it is a read (the stored bytes, revalidated with its ETag), never a drawing; and
// after "delete my data" no browser may keep it (no-cache, then 404). Through the real server, on PGlite and on
// two PostgreSQL instances.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX, myDataPaths } from '../../../contract/endpoints';
import { type Deployment, deploymentCases } from '../../support/deployments';
import { GenerationClient, startedJob } from './generation-client';

interface SketchRow {
  sketchId: string | null;
  kind: string | null;
  byteSize: number | null;
}

describe.each(deploymentCases)('layout sketches on $name', (deploymentCase) => {
  let deployment: Deployment;

  beforeAll(async () => {
    deployment = await deploymentCase.start({ generationLimit: 5 });
  }, 90_000);
  afterAll(() => deployment?.close());

  const sketchRow = async (jobId: string): Promise<SketchRow | undefined> =>
    (
      await deployment.db.query<SketchRow>(
        `SELECT j.layout_sketch_id AS "sketchId", i.kind, i.byte_size AS "byteSize"
           FROM generation_jobs j LEFT JOIN images i ON i.id = j.layout_sketch_id WHERE j.id = $1`,
        [jobId],
      )
    )[0];

  it('is drawn and stored when the kitchen succeeds, served as stored, and not cached past its erasure', async () => {
    const [first = '', second = first] = deployment.origins;
    const visitor = new GenerationClient(first);
    const imageId = await visitor.uploadMarked();
    const job = await visitor.finished(startedJob(await visitor.startKitchen({ imageId })).id);
    expect(job.state).toBe('succeeded');

    // Stored before anyone asked for it: an image of the owner's, linked from the job.
    const stored = await sketchRow(job.id);
    expect(stored).toMatchObject({ sketchId: expect.any(String), kind: 'layout_sketch' });

    const url = job.layoutSketchUrl ?? '';
    const answers = [await visitor.request(url), await visitor.on(second).request(url)];
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe('image/jpeg');
      // Revalidated on every view: a day in the browser's cache would outlive "delete my data".
      expect(answer.headers.get('cache-control')).toBe('private, no-cache');
      expect((answer.body as Buffer).length).toBe(stored?.byteSize);
    }
    const [firstAnswer, otherAnswer] = answers;
    if (!firstAnswer || !otherAnswer) throw new Error('two answers were asked for');
    expect((firstAnswer.body as Buffer).equals(otherAnswer.body as Buffer)).toBe(true);
    const etag = firstAnswer.headers.get('etag') ?? '';
    expect(etag).toBe(`"${stored?.sketchId}"`);
    const again = await visitor.request(url, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);

    const erased = await visitor.request(`${API_PREFIX}${myDataPaths.me}`, {
      method: 'DELETE',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ confirm: 'delete' }),
    });
    expect(erased.status).toBe(204);
    const revalidated = await visitor.request(url, { headers: { 'if-none-match': etag } });
    expect(revalidated.status).toBe(404);
    expect(
      await deployment.db.query('SELECT id FROM images WHERE id = $1', [stored?.sketchId ?? null]),
    ).toEqual([]);
  });
});
