// The app's photo-check actor against the real server with its real detector: the "is it a kitchen?" answer
// reaches the chart's verdict as the server gave it (issue 22, item 4).
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { checkImageContent } from '../../src/actors/validate-image-content';
import { createApiClient } from '../../src/api/client';
import { kitchenPhoto } from '../../tooling/made-images';
import { type RunningServer, startServer, temporaryDir, testConfig } from '../../tooling/server';

const data = temporaryDir('kr-app-kitchen-check-');
let server: RunningServer;
beforeAll(async () => {
  server = await startServer(testConfig(data.dir, { moderation: 'nsfw' }));
}, 60_000);
afterAll(async () => {
  await server?.close();
  data.remove();
});

const dataUrl = (jpeg: Buffer) => `data:image/jpeg;base64,${jpeg.toString('base64')}`;

it('carries the server’s kitchen check into the verdict: none found in a blank wall, a sink in the kitchen', async () => {
  const check = checkImageContent(createApiClient({ baseUrl: server.origin }));
  const run = (jpeg: Buffer) =>
    check({ input: { dataUrl: dataUrl(jpeg) }, signal: new AbortController().signal });
  const wall = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#d9d4cc' } })
    .jpeg()
    .toBuffer();
  expect(await run(wall)).toMatchObject({
    isSafe: true,
    kitchenCheck: { looksLikeKitchen: false, found: [] },
  });
  expect(await run(await kitchenPhoto())).toMatchObject({
    isSafe: true,
    kitchenCheck: { looksLikeKitchen: true, found: expect.arrayContaining(['sink']) },
  });
}, 60_000);
