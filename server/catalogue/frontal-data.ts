import type { DoorProfile, FrontFinish } from '../../contract/catalogue';

// Front (door) facts from shared/reference/catalogue.md §1-§3 and catalogue-palette.json: door-style groups
// with the handle options and finishes each offers, the colour groups each finish comes in, and the frontal
// palette (generic names; hex values anchored to published paint swatches, brand names kept out).

export type FrontColourGroup =
  | 'Whites'
  | 'Neutrals'
  | 'Greys'
  | 'Blues'
  | 'Greens'
  | 'Warm Tones'
  | 'Darks'
  | 'Woods';

export interface DoorStyleFacts {
  group: string;
  profile: DoorProfile;
  /** Finishes made with handles; absent when the style is handleless only. */
  withHandle?: readonly FrontFinish[];
  /** Finishes made handleless; absent when the style always has handles. */
  handleless?: readonly FrontFinish[];
}

// Acrylic high gloss is flat only, so Gloss appears on slab, curved and handleless doors, never on profiled
// ones (Shaker, tongue & groove, in-frame, beaded). Woodgrain is foil, veneer or solid timber.
export const DOOR_STYLES: readonly DoorStyleFacts[] = [
  { group: 'Shaker', profile: 'shaker', withHandle: ['Matt', 'Super-Matt', 'Painted', 'Woodgrain'] },
  {
    group: 'Slim Shaker',
    profile: 'slim-shaker',
    withHandle: ['Matt', 'Super-Matt', 'Painted', 'Lacquered', 'Woodgrain'],
  },
  { group: 'In-frame', profile: 'in-frame', withHandle: ['Painted', 'Lacquered', 'Woodgrain'] },
  { group: 'Beaded In-frame', profile: 'beaded', withHandle: ['Painted', 'Lacquered'] },
  { group: 'Tongue & Groove', profile: 'tongue-and-groove', withHandle: ['Matt', 'Painted', 'Woodgrain'] },
  { group: 'Glazed', profile: 'glazed', withHandle: ['Matt', 'Painted', 'Woodgrain'] },
  {
    // A flat door is the base of handleless systems, so it comes either way; push-to-open needs no handle.
    group: 'Slab',
    profile: 'slab',
    withHandle: ['Gloss', 'Matt', 'Super-Matt', 'Lacquered', 'Woodgrain'],
    handleless: ['Gloss', 'Matt', 'Super-Matt', 'Woodgrain'],
  },
  {
    group: 'Fluted',
    profile: 'fluted',
    withHandle: ['Painted', 'Lacquered', 'Woodgrain'],
    handleless: ['Lacquered', 'Woodgrain'],
  },
  { group: 'Curved', profile: 'curved', withHandle: ['Gloss', 'Matt', 'Painted'] },
  { group: 'J-Pull Handleless', profile: 'j-pull', handleless: ['Gloss', 'Matt', 'Super-Matt', 'Woodgrain'] },
  {
    group: 'True Handleless',
    profile: 'rail',
    handleless: ['Gloss', 'Matt', 'Super-Matt', 'Lacquered', 'Woodgrain'],
  },
];

/** Colour groups per finish: gloss palettes are narrow, paint takes any colour, woodgrain is wood. */
export const COLOUR_GROUPS_BY_FINISH: Readonly<Record<FrontFinish, readonly FrontColourGroup[]>> = {
  Gloss: ['Whites', 'Neutrals', 'Greys', 'Blues', 'Darks'],
  Matt: ['Whites', 'Neutrals', 'Greys', 'Blues', 'Greens', 'Darks'],
  'Super-Matt': ['Whites', 'Neutrals', 'Greys', 'Blues', 'Greens', 'Darks'],
  Painted: ['Whites', 'Neutrals', 'Greys', 'Blues', 'Greens', 'Warm Tones', 'Darks'],
  Lacquered: ['Whites', 'Neutrals', 'Greys', 'Blues', 'Greens', 'Warm Tones', 'Darks'],
  Woodgrain: ['Woods'],
};

type FrontColourRow = readonly [name: string, hex: string];

export const FRONT_PALETTE: Readonly<Record<FrontColourGroup, readonly FrontColourRow[]>> = {
  Whites: [
    ['Pure White', '#F1F1EA'],
    ['Porcelain', '#F1EDE1'],
    ['Alabaster', '#EDE7D7'],
    ['Chalk', '#E6DFD1'],
    ['Ivory', '#F5E8D0'],
    ['Cream', '#E9E0D2'],
    ['Linen', '#DED8C6'],
  ],
  Neutrals: [
    ['Cashmere', '#C8BCAE'],
    ['Pale Stone', '#DFD6CB'],
    ['Stone', '#CEC1AD'],
    ['Sandstone', '#D6C2AC'],
    ['Mushroom', '#D3C3AE'],
    ['Putty', '#C9BEAB'],
    ['Mussel', '#C4B2A2'],
    ['Taupe', '#8B857F'],
  ],
  Greys: [
    ['Dove Grey', '#C8C3BC'],
    ['Light Grey', '#C5C7C4'],
    ['Pebble Grey', '#B5B0A1'],
    ['Partridge Grey', '#A59F97'],
    ['Stone Grey', '#928E85'],
    ['Dust Grey', '#7A7B7A'],
    ['Slate Grey', '#4F5358'],
    ['Graphite', '#45494E'],
    ['Anthracite', '#383E42'],
  ],
  Blues: [
    ['Powder Blue', '#B2BFC5'],
    ['Duck Egg', '#A8B9BD'],
    ['Pigeon Blue', '#637D96'],
    ['Dusk Blue', '#6A7C80'],
    ['Blue Grey', '#586768'],
    ['Indigo', '#4D5B6A'],
    ['Navy', '#3D4E57'],
    ['Midnight', '#2E3742'],
    ['Marine', '#1F3855'],
  ],
  Greens: [
    ['Pale Sage', '#C0C2B3'],
    ['Sage', '#9DA38D'],
    ['Green Smoke', '#737C70'],
    ['Olive', '#686A47'],
    ['Heritage Green', '#768769'],
    ['Teal', '#427E83'],
    ['Forest Green', '#4C5C4A'],
    ['Racing Green', '#33523A'],
    ['Fir Green', '#27352A'],
  ],
  'Warm Tones': [
    ['Plaster Pink', '#DFC2AF'],
    ['Blush', '#CDB19D'],
    ['Dusky Pink', '#A0837F'],
    ['Terracotta', '#C57B67'],
    ['Burnt Terracotta', '#A75346'],
    ['Ochre', '#CB9E59'],
    ['Oxblood', '#6D4247'],
    ['Aubergine', '#5D3B42'],
  ],
  Darks: [
    ['Off Black', '#444546'],
    ['Charcoal', '#45484B'],
    ['Soft Black', '#2E2D2E'],
    ['Jet Black', '#0E0E10'],
    ['Chocolate', '#4D4746'],
  ],
  Woods: [
    ['Natural Oak', '#BC9A6E'],
    ['Light Oak', '#CBB08A'],
    ['Limed Oak', '#D9CBB3'],
    ['Grey Oak', '#9A9184'],
    ['Smoked Oak', '#6E5843'],
    ['Walnut', '#6B4A35'],
    ['Ash', '#D3C2A2'],
    ['Dark Walnut', '#4A3A2F'],
  ],
};

/**
 * Gloss ranges are narrow (white, cream, cashmere, light and dust grey, graphite, black and a navy), so a
 * gloss front offers only these colours from each of its groups.
 */
export const GLOSS_COLOURS: ReadonlySet<string> = new Set([
  'Pure White',
  'Porcelain',
  'Ivory',
  'Cream',
  'Cashmere',
  'Stone',
  'Light Grey',
  'Dove Grey',
  'Dust Grey',
  'Graphite',
  'Anthracite',
  'Powder Blue',
  'Navy',
  'Midnight',
  'Jet Black',
  'Soft Black',
]);
