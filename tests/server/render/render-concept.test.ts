import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DoorProfile, FrontFinish, SurfaceTexture } from '../../../contract/catalogue';
import { catalogue } from '../../../server/catalogue/catalogue';
import {
  designFromChoices,
  type HandleStyle,
  handleStyleFor,
  type KitchenDesign,
} from '../../../server/generation/render/design';
import {
  CONCEPT_WIDTH,
  conceptHeight,
  frontSampleRegions,
  renderConcept,
  renderDesign,
  wallSampleRegion,
} from '../../../server/generation/render/render-concept';
import { kitchenPicture } from '../../../tooling/made-images';
import {
  ciede2000,
  ciede2000Lab,
  decode,
  hexToRgb,
  meanAbsoluteDifference,
  meanColour,
  type RgbImage,
} from './pixels';

// Every choice must show. Renders are deterministic, so two renders of the same design differ by exactly 0; a
// choice counts as visible when the mean absolute difference over all pixels and channels is at least
// VISIBLE_CHANGE (0-255 scale). 0.25 is what a 25-level change in every channel (about ΔE 10, far past the
// just-noticeable 1 to 2) over 1 % of the frame gives: a 125 × 125 px patch of a 1536 × 1024 render, or the
// handles on every door. Whole-picture choices (layout, colours) clear it many times over.
const VISIBLE_CHANGE = 0.25;

const fronts = [...catalogue.frontalPreviewById.values()];
const worktops = [...catalogue.worktopPreviewById.values()];

function frontal(group: string, finish: FrontFinish, colour: string, isHandleless = false) {
  const found = fronts.find(
    (entry) =>
      entry.doorStyleGroup === group &&
      entry.finish === finish &&
      entry.colour === colour &&
      entry.isHandleless === isHandleless,
  );
  if (!found) throw new Error(`No front ${group} ${finish} ${colour}`);
  return found;
}

function worktop(material: string, colour: string, finish: string) {
  const found = worktops.find(
    (entry) => entry.material === material && entry.colour === colour && entry.finish === finish,
  );
  if (!found) throw new Error(`No worktop ${material} ${colour} ${finish}`);
  return found;
}

const BASE_DESIGN: KitchenDesign = designFromChoices(
  frontal('Shaker', 'Matt', 'Sage'),
  worktop('Quartz', 'Calacatta Gold', 'Polished'),
  'l-shaped',
  true,
);

let photo: Buffer;
const renders = new Map<string, Promise<RgbImage>>();

/** Renders a design that differs from the base in the given traits (memoised: many pairs share one side). */
function render(changes: Partial<KitchenDesign>): Promise<RgbImage> {
  const design = { ...BASE_DESIGN, ...changes };
  const key = JSON.stringify(design);
  let image = renders.get(key);
  if (!image) {
    image = renderDesign(photo, design).then((result) => decode(result.bytes));
    renders.set(key, image);
  }
  return image;
}

async function expectEachNeighbourVisible(variants: Partial<KitchenDesign>[]) {
  const images = await Promise.all(variants.map(render));
  const differences = images.slice(1).map((image, index) => {
    const previous = images[index];
    if (!previous) throw new Error('unreachable');
    return meanAbsoluteDifference(previous, image);
  });
  for (const difference of differences) expect(difference).toBeGreaterThanOrEqual(VISIBLE_CHANGE);
}

beforeAll(async () => {
  // A bright room photo of 1920 × 1280, as a phone's landscape kitchen photo is.
  photo = await kitchenPicture({ width: 1920, height: 1280 });
});

describe('every choice changes the concept visibly', () => {
  it('layout', async () => {
    await expectEachNeighbourVisible(
      (['single-wall', 'galley', 'l-shaped', 'u-shaped', 'peninsula'] as const).map((layout) => ({ layout })),
    );
  });

  it('island or none', async () => {
    await expectEachNeighbourVisible([{ hasIsland: true }, { hasIsland: false }]);
  });

  it('door profile', async () => {
    const profiles: DoorProfile[] = [
      'slab',
      'shaker',
      'slim-shaker',
      'in-frame',
      'beaded',
      'tongue-and-groove',
      'glazed',
      'fluted',
      'curved',
      'j-pull',
      'rail',
    ];
    await expectEachNeighbourVisible(profiles.map((profile) => ({ profile })));
  });

  it('handle', async () => {
    const handles: HandleStyle[] = ['knob', 'bar', 'cup', 'none'];
    await expectEachNeighbourVisible(handles.map((handle) => ({ handle })));
  });

  it('finish', async () => {
    const finishes: FrontFinish[] = ['Super-Matt', 'Matt', 'Painted', 'Lacquered', 'Gloss', 'Woodgrain'];
    await expectEachNeighbourVisible(
      finishes.map((finish) => ({ fronts: { ...BASE_DESIGN.fronts, finish } })),
    );
  });

  it('front colour', async () => {
    await expectEachNeighbourVisible(
      ['#F1F1EA', '#9DA38D', '#1F3855', '#C57B67'].map((hex) => ({ fronts: { ...BASE_DESIGN.fronts, hex } })),
    );
  });

  it('worktop texture and material', async () => {
    const textures: SurfaceTexture[] = ['veined', 'speckled', 'wood', 'concrete', 'steel', 'plain'];
    await expectEachNeighbourVisible(
      textures.map((texture) => ({ worktop: { ...BASE_DESIGN.worktop, texture } })),
    );
    const materials = ['Quartz', 'Laminate', 'Sintered Stone', 'Concrete', 'Stainless Steel'];
    await expectEachNeighbourVisible(
      materials.map((material) => ({ worktop: { ...BASE_DESIGN.worktop, material } })),
    );
  });

  it('worktop colour', async () => {
    await expectEachNeighbourVisible(
      ['#F1EDE6', '#8D9093', '#2B2B2B'].map((hex) => ({
        worktop: { ...BASE_DESIGN.worktop, hex },
      })),
    );
  });

  it('worktop finish', async () => {
    // A reflection shows least on a white slab (as in life), so the finishes are compared on black granite.
    const granite = designFromChoices(
      frontal('Shaker', 'Matt', 'Sage'),
      worktop('Granite', 'Absolute Black', 'Polished'),
      'l-shaped',
      true,
    ).worktop;
    await expectEachNeighbourVisible(
      (['Polished', 'Honed', 'Leathered'] as const).map((finish) => ({ worktop: { ...granite, finish } })),
    );
  });
});

describe('the front colour', () => {
  // Light, dark and saturated, all matt slab doors, read where the door is plain. JPEG at quality 88 with full
  // chroma keeps flat areas within about ΔE 1 of the drawn colour.
  const colours = [
    ['Whites', 'Pure White'],
    ['Darks', 'Jet Black'],
    ['Blues', 'Marine'],
    ['Greens', 'Teal'],
  ] as const;

  for (const [group, colour] of colours) {
    it(`shows ${colour} within ΔE2000 5 of its hex`, async () => {
      const front = frontal('Slab', 'Matt', colour);
      expect(front.colourGroup).toBe(group);
      const result = await renderConcept({
        photo,
        frontal: front,
        worktop: worktop('Quartz', 'Calacatta Gold', 'Honed'),
        layout: 'l-shaped',
        hasIsland: false,
      });
      const image = await decode(result.bytes);
      const regions = frontSampleRegions('l-shaped', false, image.width, image.height);
      expect(regions.length).toBeGreaterThanOrEqual(3);
      for (const region of regions) {
        expect(ciede2000(meanColour(image, region), hexToRgb(front.hex))).toBeLessThan(5);
      }
    });
  }

  it('sample regions sit on doors in every layout, with and without an island', () => {
    for (const layout of ['single-wall', 'galley', 'l-shaped', 'u-shaped', 'peninsula'] as const) {
      for (const hasIsland of [false, true]) {
        const regions = frontSampleRegions(layout, hasIsland, 1536, 1024);
        expect(regions.length, `${layout} ${hasIsland}`).toBeGreaterThan(0);
        for (const region of regions) {
          expect(region.width).toBeGreaterThan(3);
          expect(region.left + region.width).toBeLessThanOrEqual(1536);
          expect(region.top + region.height).toBeLessThanOrEqual(1024);
        }
      }
    }
  });

  it('CIEDE2000 matches the published reference pairs', () => {
    // Sharma, Wu & Dalal (2005), table 1, pairs 1 and 7.
    expect(ciede2000Lab([50, 2.6772, -79.7751], [50, 0, -82.7485])).toBeCloseTo(2.0425, 4);
    expect(ciede2000Lab([50, 0, 0], [50, -1, 2])).toBeCloseTo(2.3669, 4);
  });
});

describe('the render', () => {
  const choices = () => ({
    photo,
    frontal: frontal('Shaker', 'Painted', 'Sage'),
    worktop: worktop('Quartz', 'Calacatta Gold', 'Polished'),
    layout: 'u-shaped' as const,
    hasIsland: true,
  });

  it('is the same bytes for the same photo and choices', async () => {
    const first = await renderConcept(choices());
    const second = await renderConcept(choices());
    const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
    expect(sha(first.bytes)).toBe(sha(second.bytes));
    expect(first.contentType).toBe('image/jpeg');
  });

  it('is 1536 px wide with the photo aspect ratio, clamped between 4:3 and 3:4', async () => {
    const landscape = await renderConcept(choices());
    const decoded = await decode(landscape.bytes);
    // The photo is 1920 × 1280 (3:2), wider than 4:3, so it is clamped to 4:3.
    expect([landscape.width, landscape.height]).toEqual([CONCEPT_WIDTH, 1152]);
    expect([decoded.width, decoded.height]).toEqual([1536, 1152]);
    const portraitPhoto = await kitchenPicture({ width: 1049, height: 1400 });
    const portrait = await renderConcept({ ...choices(), photo: portraitPhoto });
    const portraitDecoded = await decode(portrait.bytes);
    expect([portraitDecoded.width, portraitDecoded.height]).toEqual([1536, 2048]);
    expect(conceptHeight(1280, 720)).toBe(1152);
    expect(conceptHeight(1000, 800)).toBe(1229);
    expect(conceptHeight(1000, 3000)).toBe(2048);
  });

  it('takes the wall colour from the photo', async () => {
    const darkPhoto = await kitchenPicture({ width: 3000, height: 2003, room: '#2b2620' });
    const bright = await decode((await renderConcept(choices())).bytes);
    const dark = await decode((await renderConcept({ ...choices(), photo: darkPhoto })).bytes);
    const region = wallSampleRegion(bright.width, bright.height);
    expect(region.width * region.height).toBeGreaterThan(1000);
    expect(ciede2000(meanColour(bright, region), meanColour(dark, region))).toBeGreaterThan(5);
  });
});

describe('handles', () => {
  it('follow the door-style group, and handleless fronts have none', () => {
    expect(handleStyleFor('Shaker', false)).toBe('knob');
    expect(handleStyleFor('Slab', false)).toBe('bar');
    expect(handleStyleFor('In-frame', false)).toBe('cup');
    expect(handleStyleFor('Slab', true)).toBe('none');
    expect(handleStyleFor('J-Pull Handleless', true)).toBe('none');
    const slab = designFromChoices(
      frontal('Slab', 'Matt', 'Pure White'),
      worktop('Quartz', 'Calacatta Gold', 'Polished'),
      'galley',
      false,
    );
    expect(slab.handle).toBe('bar');
  });
});
