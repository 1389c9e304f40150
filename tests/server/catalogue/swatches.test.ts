import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '../../../contract/errors';
import {
  catalogue,
  type FrontalPreviewEntry,
  type WorktopPreviewEntry,
} from '../../../server/catalogue/catalogue';
import { buildCatalogueApp } from './catalogue-app';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildCatalogueApp();
});
afterAll(() => app.close());

function worktop(material: string, colour: string, finish: string): WorktopPreviewEntry {
  const found = [...catalogue.worktopPreviewById.values()].find(
    (entry) => entry.material === material && entry.colour === colour && entry.finish === finish,
  );
  if (!found) throw new Error(`no worktop ${material} ${colour} ${finish}`);
  return found;
}

function front(doorStyleGroup: string, finish: string, colour: string): FrontalPreviewEntry {
  const found = [...catalogue.frontalPreviewById.values()].find(
    (entry) => entry.doorStyleGroup === doorStyleGroup && entry.finish === finish && entry.colour === colour,
  );
  if (!found) throw new Error(`no front ${doorStyleGroup} ${finish} ${colour}`);
  return found;
}

async function fetchSwatch(url: string, server = app) {
  const response = await server.inject(url);
  expect(response.statusCode, url).toBe(200);
  return response;
}

/** Mean and spread of the decoded image's channels: what a viewer would see as colour and texture. */
async function imageStats(bytes: Buffer) {
  const { channels } = await sharp(bytes).stats();
  const [red, green, blue] = channels;
  const spread = (channels.slice(0, 3).reduce((sum, channel) => sum + channel.stdev, 0) / 3) as number;
  return { red: red?.mean ?? 0, green: green?.mean ?? 0, blue: blue?.mean ?? 0, spread };
}

describe('swatches', () => {
  it('are real 256 px WebP images with a long immutable cache and an ETag', async () => {
    const response = await fetchSwatch(worktop('Marble', 'Calacatta', 'Polished').imageUrl);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers.etag).toMatch(/^"[\w-]+"$/);
    const metadata = await sharp(response.rawPayload).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 256, height: 256 });

    const revalidated = await app.inject({
      url: worktop('Marble', 'Calacatta', 'Polished').imageUrl,
      headers: { 'if-none-match': String(response.headers.etag) },
    });
    expect(revalidated.statusCode).toBe(304);
  });

  it('render the same bytes for the same id, even from a fresh server', async () => {
    const target = worktop('Granite', 'Star Galaxy', 'Leathered').imageUrl;
    const first = await fetchSwatch(target);
    const fresh = await buildCatalogueApp();
    try {
      const second = await fetchSwatch(target, fresh);
      expect(Buffer.compare(first.rawPayload, second.rawPayload)).toBe(0);
      expect(second.headers.etag).toBe(first.headers.etag);
    } finally {
      await fresh.close();
    }
  });

  it('look like their material: plain, veined, speckled, grain, concrete and brushed steel differ', async () => {
    const stats = async (url: string) => imageStats((await fetchSwatch(url)).rawPayload);
    const plain = await stats(worktop('Quartz', 'Pure White', 'Honed').imageUrl);
    const marble = await stats(worktop('Marble', 'Statuario', 'Honed').imageUrl);
    const granite = await stats(worktop('Granite', 'Kashmir White', 'Honed').imageUrl);
    const wood = await stats(worktop('Solid Wood', 'Prime Oak', 'Oiled').imageUrl);
    const concrete = await stats(worktop('Concrete', 'Natural Grey', 'Honed').imageUrl);
    const steel = await stats(worktop('Stainless Steel', 'Brushed Steel', 'Brushed').imageUrl);

    // A plain surface is nearly flat; veins, specks and aggregate spread the pixel values.
    expect(plain.spread).toBeLessThan(4);
    for (const textured of [marble, granite, concrete])
      expect(textured.spread).toBeGreaterThan(plain.spread + 3);
    // Wood is warm (red well above blue); steel is cool grey.
    expect(wood.red - wood.blue).toBeGreaterThan(50);
    expect(Math.abs(steel.red - steel.blue)).toBeLessThan(10);
    // Granite's garnet specks pull its colour away from marble's white.
    expect(Math.abs(granite.green - marble.green) + Math.abs(granite.spread - marble.spread)).toBeGreaterThan(
      5,
    );
  });

  it('show a gloss front with a highlight that a super-matt front of the same colour lacks', async () => {
    const gloss = await imageStats(
      (await fetchSwatch(front('Slab', 'Gloss', 'Anthracite').imageUrl)).rawPayload,
    );
    const matt = await imageStats(
      (await fetchSwatch(front('Slab', 'Super-Matt', 'Anthracite').imageUrl)).rawPayload,
    );
    expect(gloss.red).toBeGreaterThan(matt.red + 10);
    expect(gloss.spread).toBeGreaterThan(matt.spread + 10);
  });

  it('share one URL between previews that look the same, and differ between door profiles', () => {
    expect(front('Shaker', 'Painted', 'Sage').imageUrl).not.toBe(front('Slab', 'Lacquered', 'Sage').imageUrl);
    expect(front('Slab', 'Matt', 'Sage').imageUrl).not.toBe(front('Shaker', 'Matt', 'Sage').imageUrl);
  });

  it('answer 404 as JSON for an unknown id, an old render version or a malformed name', async () => {
    const known = worktop('Quartz', 'Pure White', 'Honed').imageUrl;
    const unknownId = known.replace(/[0-9a-f-]{36}/, '00000000-0000-5000-8000-000000000000');
    const oldVersion = known.replace(/\/swatches\/\w+\//, '/swatches/r0/');
    for (const url of [unknownId, oldVersion, known.replace('.webp', '.png')]) {
      const response = await app.inject(url);
      expect(response.statusCode, url).toBe(404);
      expect(apiErrorSchema.parse(response.json()).statusCode).toBe(404);
    }
  });
});
