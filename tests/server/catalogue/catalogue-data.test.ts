import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildCatalogue, catalogue } from '../../../server/catalogue/catalogue';
import { nameBasedUuid } from '../../../server/catalogue/stable-id';
import { isHexColour } from '../../../swatches/colour';

const uuid = z.uuid();
const worktopColours = catalogue.worktopMaterials.flatMap((material) =>
  material.groups.flatMap((group) => group.colours),
);
const frontalPreviews = [...catalogue.frontalPreviewById.values()];
const worktopPreviews = [...catalogue.worktopPreviewById.values()];

describe('stable ids', () => {
  it('are RFC 9562 version 5 name-based uuids', () => {
    // The published example: uuid5(NAMESPACE_DNS, "python.org").
    expect(nameBasedUuid('python.org', '6ba7b810-9dad-11d1-80b4-00c04fd430c8')).toBe(
      '886313e1-3b8a-5372-9b90-0c9aee199e5d',
    );
  });

  it('are valid, unique, and the same in two builds of the catalogue', () => {
    const ids = [...worktopPreviews, ...frontalPreviews].map((preview) => preview.id);
    for (const id of ids) expect(uuid.safeParse(id).success, id).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);

    const rebuilt = buildCatalogue();
    expect([...rebuilt.worktopPreviewById.keys()]).toEqual([...catalogue.worktopPreviewById.keys()]);
    expect([...rebuilt.frontalPreviewById.keys()]).toEqual([...catalogue.frontalPreviewById.keys()]);
    expect([...rebuilt.swatchById.keys()]).toEqual([...catalogue.swatchById.keys()]);
  });
});

describe('the worktop catalogue', () => {
  it('has at least 8 materials and 60 colours, each with a hex, a swatch and its finishes', () => {
    expect(catalogue.worktopMaterials.length).toBeGreaterThanOrEqual(8);
    expect(worktopColours.length).toBeGreaterThanOrEqual(60);
    for (const colour of worktopColours) {
      expect(isHexColour(colour.hex), colour.colour).toBe(true);
      expect(colour.imageUrl).toMatch(/^\/api\/v1\/store\/swatches\/\w+\/[0-9a-f-]{36}\.webp$/);
      expect(colour.previews.length).toBeGreaterThan(0);
    }
  });

  it('offers leathered only on granite and brushed only on steel', () => {
    for (const preview of worktopPreviews) {
      if (preview.finish === 'Leathered') expect(preview.material).toBe('Granite');
      if (preview.finish === 'Brushed') expect(preview.material).toBe('Stainless Steel');
    }
  });

  it('finds a worktop preview by id with the material, colour, hex and finish behind it', () => {
    const absoluteBlack = worktopColours.find((colour) => colour.colour === 'Absolute Black');
    const leathered = absoluteBlack?.previews.find((preview) => preview.finish === 'Leathered');
    expect(catalogue.worktopPreviewById.get(leathered?.id ?? '')).toMatchObject({
      material: 'Granite',
      colourGroup: 'Blacks',
      colour: 'Absolute Black',
      hex: '#1A1A1A',
      finish: 'Leathered',
      texture: 'speckled',
    });
    expect(catalogue.worktopPreviewById.get('00000000-0000-5000-8000-000000000000')).toBeUndefined();
  });
});

describe('the frontal catalogue', () => {
  it('has at least 8 door-style groups and 60 colours in at least 8 colour groups', () => {
    expect(catalogue.doorStyles.length).toBeGreaterThanOrEqual(8);
    const colourGroups = new Set(frontalPreviews.map((preview) => preview.colourGroup));
    const colours = new Set(frontalPreviews.map((preview) => `${preview.colourGroup}/${preview.colour}`));
    expect(colourGroups.size).toBeGreaterThanOrEqual(8);
    expect(colours.size).toBeGreaterThanOrEqual(60);
    for (const preview of frontalPreviews) expect(isHexColour(preview.hex)).toBe(true);
  });

  it('never offers gloss on a profiled door, and woodgrain only in woods', () => {
    const profiled = new Set(['shaker', 'slim-shaker', 'in-frame', 'beaded', 'tongue-and-groove', 'glazed']);
    for (const preview of frontalPreviews) {
      if (preview.finish === 'Gloss')
        expect(profiled.has(preview.profile), preview.doorStyleGroup).toBe(false);
      expect(preview.finish === 'Woodgrain').toBe(preview.colourGroup === 'Woods');
    }
  });

  it('gives every offered (style, handles, finish) a colour group and every colour group a front', () => {
    for (const style of catalogue.doorStyles) {
      const offered = [...style.finishesWithHandle, ...style.finishesHandleless];
      expect(offered.length).toBeGreaterThan(0);
      for (const finish of offered) {
        expect(finish.colourGroups.length).toBeGreaterThan(0);
        for (const group of finish.colourGroups) expect(group.previews.length).toBeGreaterThan(0);
      }
    }
  });

  it('finds a front by id with what is behind it', () => {
    const sage = frontalPreviews.find(
      (preview) =>
        preview.doorStyleGroup === 'Shaker' && preview.finish === 'Painted' && preview.colour === 'Sage',
    );
    expect(sage).toBeDefined();
    expect(catalogue.frontalPreviewById.get(sage?.id ?? '')).toMatchObject({
      doorStyleGroup: 'Shaker',
      isHandleless: false,
      finish: 'Painted',
      colourGroup: 'Greens',
      colour: 'Sage',
      hex: '#9DA38D',
      profile: 'shaker',
    });
  });
});
