import { describe, expect, it } from 'vitest';
import {
  frontalPreviewsResponse,
  handleStylesResponse,
  worktopColoursResponse,
  worktopColoursResponseLenient,
  worktopPreviewsResponse,
} from '../../../contract/catalogue';
import { findKitchenLayout, KITCHEN_LAYOUTS, kitchenLayoutIdSchema } from '../../../contract/layouts';

const canonical = {
  colours: [
    { colour: 'Calacatta White', primary_hex: '#F2EFEA', image_url: '/a.webp' },
    { colour: 'Pure White' },
  ],
};

describe('the lenient worktop colour parser', () => {
  it('accepts {colours:[...]}', () => {
    expect(worktopColoursResponseLenient.parse(canonical)).toEqual(canonical);
  });

  it('accepts {colors:[...]} and normalises `color` to `colour`', () => {
    const body = {
      colors: [
        { color: 'Calacatta White', primary_hex: '#F2EFEA', image_url: '/a.webp' },
        { color: 'Pure White' },
      ],
    };
    expect(worktopColoursResponseLenient.parse(body)).toEqual(canonical);
  });

  it('accepts a bare array with either spelling', () => {
    const body = [
      { color: 'Calacatta White', primary_hex: '#F2EFEA', image_url: '/a.webp' },
      { colour: 'Pure White' },
    ];
    expect(worktopColoursResponseLenient.parse(body)).toEqual(canonical);
  });

  it('outputs what the strict schema accepts', () => {
    const parsed = worktopColoursResponseLenient.parse([{ color: 'Sand' }]);
    expect(worktopColoursResponse.parse(parsed)).toEqual({ colours: [{ colour: 'Sand' }] });
  });

  it('rejects a colour without a name and a list of the wrong type', () => {
    expect(worktopColoursResponseLenient.safeParse([{ primary_hex: '#000000' }]).success).toBe(false);
    expect(worktopColoursResponseLenient.safeParse({ colours: 'Sand' }).success).toBe(false);
    expect(worktopColoursResponseLenient.safeParse([{ colour: 7 }]).success).toBe(false);
  });
});

describe('the strict response schemas', () => {
  it('reject a preview whose id is not a uuid', () => {
    expect(
      worktopPreviewsResponse.safeParse({ worktops: [{ id: 'quartz-1', finish: 'Polished' }] }).success,
    ).toBe(false);
    const frontal = { id: 'not-a-uuid', colour: 'Sage', primary_hex: '#9DA38D', image_url: '/s.webp' };
    expect(frontalPreviewsResponse.safeParse({ frontals: [frontal] }).success).toBe(false);
  });

  it('reject a string list holding something else', () => {
    expect(handleStylesResponse.safeParse({ handles: ['handle', 1] }).success).toBe(false);
    expect(handleStylesResponse.safeParse({ handles: 'handle' }).success).toBe(false);
    expect(handleStylesResponse.safeParse({ handles: ['handle'] }).success).toBe(true);
  });
});

describe('kitchen layouts', () => {
  it('hold the five layouts, each with a name and a description, found by id', () => {
    expect(KITCHEN_LAYOUTS.map((layout) => layout.id)).toEqual([
      'single-wall',
      'galley',
      'l-shaped',
      'u-shaped',
      'peninsula',
    ]);
    for (const layout of KITCHEN_LAYOUTS) {
      expect(layout.name.length).toBeGreaterThan(0);
      expect(layout.description.length).toBeGreaterThan(20);
      expect(findKitchenLayout(layout.id)).toBe(layout);
    }
    expect(findKitchenLayout('circular')).toBeUndefined();
    expect(kitchenLayoutIdSchema.safeParse('circular').success).toBe(false);
  });
});
