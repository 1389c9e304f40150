// One pixel pipeline, two hosts (issue 33, item 2): for the same photo, masks and choices, the browser's preview
// (src/preview/, really run in Chromium) and the server's result (server/generation/picture-work/photo-result.ts)
// downscaled to the preview's size agree within ΔE 2 (CIEDE2000) on at least 95% of the pixels. The photo is a
// drawn kitchen with its exact masks (tooling/known-kitchens.ts), so it runs on a bare clone.
import sharp, { type Sharp } from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PhotoLook } from '../../recolour/looks';
import { photoResult } from '../../server/generation/picture-work/photo-result';
import { photoLookOf } from '../../server/generation/providers/local-provider';
import { catalogueFront, catalogueWorktop, knownKitchen } from '../../tooling/known-kitchens';
import { type PreviewHost, startPreviewHost } from '../../tooling/preview-host';
import { ciede2000, type Rgb } from '../server/render/pixels';

/** The app's upload size (D8): the stored photo the server recolours at full size. */
const PHOTO_WIDTH = 2048;
const AGREEING = { deltaE: 2, share: 0.95 };

let host: PreviewHost;
let kitchen: Awaited<ReturnType<typeof knownKitchen>>;
const maskPngs: Record<string, Buffer> = {};

beforeAll(async () => {
  [host, kitchen] = await Promise.all([startPreviewHost(), knownKitchen({ width: PHOTO_WIDTH })]);
  const { width, height, planes } = kitchen.masks;
  for (const [surface, plane] of Object.entries(planes))
    maskPngs[surface] = await sharp(plane, { raw: { width, height, channels: 1 } })
      .png()
      .toBuffer();
}, 120_000);

afterAll(() => host?.close());

/** The share of pixels of two same-sized RGB pictures within `deltaE` of each other. */
function agreeing(first: Uint8Array, second: Uint8Array, deltaE: number): number {
  let within = 0;
  const pixels = first.length / 3;
  for (let pixel = 0; pixel < pixels; pixel += 1) {
    const at = pixel * 3;
    const a: Rgb = [first[at] ?? 0, first[at + 1] ?? 0, first[at + 2] ?? 0];
    const b: Rgb = [second[at] ?? 0, second[at + 1] ?? 0, second[at + 2] ?? 0];
    if (ciede2000(a, b) <= deltaE) within += 1;
  }
  return within / pixels;
}

const rgbOf = (picture: Sharp) => picture.removeAlpha().raw().toBuffer({ resolveWithObject: true });

const CHOICES: { words: string; look: () => PhotoLook }[] = [
  {
    words: 'navy gloss fronts, a veined quartz worktop',
    look: () =>
      photoLookOf({
        frontal: catalogueFront('Slab', 'Gloss', 'Navy'),
        worktop: catalogueWorktop('Quartz', 'Calacatta Gold', 'Polished'),
      }),
  },
  {
    words: 'sage matt fronts, a speckled black granite worktop',
    look: () =>
      photoLookOf({
        frontal: catalogueFront('Shaker', 'Matt', 'Sage'),
        worktop: catalogueWorktop('Granite', 'Absolute Black', 'Honed'),
      }),
  },
];

describe('the browser preview and the server result', () => {
  it.each(CHOICES)(
    'agree within ΔE 2 on 95% of the pixels: $words',
    async ({ look }) => {
      const chosen = look();
      const opened = await host.open(kitchen.picture.bytes, maskPngs);
      expect(Math.max(opened.width, opened.height)).toBe(1200);
      const [preview, result] = await Promise.all([
        host.recolour(chosen),
        photoResult(kitchen.picture.bytes, kitchen.masks, chosen),
      ]);
      const browser = await rgbOf(sharp(preview.png));
      const server = await rgbOf(sharp(result.bytes).resize(opened.width, opened.height, { fit: 'fill' }));
      expect([browser.info.width, browser.info.height]).toEqual([opened.width, opened.height]);
      const share = agreeing(browser.data, server.data, AGREEING.deltaE);
      expect(share).toBeGreaterThanOrEqual(AGREEING.share);
      // The check can fail: the photo as it was is far outside the bound (the marked surfaces are that much of it).
      const photo = await rgbOf(
        sharp(kitchen.picture.bytes).resize(opened.width, opened.height, { fit: 'fill' }),
      );
      expect(agreeing(browser.data, photo.data, AGREEING.deltaE)).toBeLessThan(AGREEING.share - 0.1);
    },
    120_000,
  );

  it('paints only the surfaces chosen so far (the live preview before the worktop is chosen)', async () => {
    const chosen = CHOICES[0]?.look();
    if (!chosen) throw new Error('No look to paint.');
    const opened = await host.open(kitchen.picture.bytes, maskPngs);
    const photo = await rgbOf(
      sharp(kitchen.picture.bytes).resize(opened.width, opened.height, { fit: 'fill' }),
    );
    const asThePhoto = async (look: Parameters<typeof host.recolour>[0]) =>
      agreeing((await rgbOf(sharp((await host.recolour(look)).png))).data, photo.data, AGREEING.deltaE);
    const [nothing, frontsOnly, both] = [
      await asThePhoto({}),
      await asThePhoto({ fronts: chosen.fronts }),
      await asThePhoto(chosen),
    ];
    // Nothing chosen is the photo itself; the fronts alone change less of it than fronts and worktop.
    expect(nothing).toBeGreaterThan(0.99);
    expect(frontsOnly).toBeLessThan(nothing);
    expect(frontsOnly).toBeGreaterThan(both);
  }, 120_000);
});
