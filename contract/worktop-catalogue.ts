import type { SurfaceTexture, WorktopFinish } from './catalogue';

// Worktop facts from shared/reference/catalogue.md §4 and catalogue-palette.json: materials, their colour
// groups and colours (generic or quarry names, approximate dominant hex), the finishes each colour is offered
// in, and how its surface looks, so the swatch renderer can draw it. Brand names stay out of user-facing text.
// In contract/ because the app needs the surfaces too: the preview paints the worktop the catalogue's API names
// by material and colour, whose texture and vein colour the API does not carry (recolour/looks.ts).

/** How one colour's surface differs from its group: its own texture, or a vein or fleck colour. */
interface SurfaceLook {
  texture?: SurfaceTexture;
  accentHex?: string;
}

type ColourRow = readonly [name: string, hex: string, finishes: readonly WorktopFinish[], look?: SurfaceLook];

interface WorktopGroupFacts {
  group: string;
  texture: SurfaceTexture;
  colours: readonly ColourRow[];
}

export interface WorktopMaterialFacts {
  material: string;
  groups: readonly WorktopGroupFacts[];
}

const polishedHoned = ['Polished', 'Honed'] as const;
const honedTextured = ['Honed', 'Textured'] as const;
const polishedLeathered = ['Polished', 'Leathered'] as const;
const texturedMatt = ['Textured', 'Matt'] as const;
const mattGloss = ['Matt', 'Gloss'] as const;
const mattTextured = ['Matt', 'Textured'] as const;
const mattPolished = ['Matt', 'Polished'] as const;
const mattSatin = ['Matt', 'Satin'] as const;
const oiledLacquered = ['Oiled', 'Lacquered'] as const;

export const WORKTOP_MATERIALS: readonly WorktopMaterialFacts[] = [
  {
    material: 'Quartz',
    groups: [
      {
        group: 'Whites',
        texture: 'speckled',
        colours: [
          ['Pure White', '#F4F3EF', polishedHoned, { texture: 'plain' }],
          ['Arctic White', '#EEEDE8', polishedHoned],
          ['Warm White', '#EFE9DE', polishedHoned],
        ],
      },
      {
        group: 'Marble Effect',
        texture: 'veined',
        colours: [
          ['Calacatta White', '#F2EFEA', polishedHoned, { accentHex: '#8E8A84' }],
          ['Calacatta Gold', '#F1EDE6', polishedHoned, { accentHex: '#B89B6A' }],
          ['Carrara White', '#EDEBE7', polishedHoned, { accentHex: '#A9A9A7' }],
          ['Statuario White', '#F3F1EE', polishedHoned, { accentHex: '#6F6F70' }],
        ],
      },
      {
        group: 'Greys & Concrete',
        texture: 'concrete',
        colours: [
          ['Light Concrete', '#C9C7C2', honedTextured],
          ['Raw Concrete', '#A3A19C', honedTextured],
          ['Dark Concrete', '#6E6D6A', honedTextured],
          ['Pebble', '#B3AFA7', polishedHoned, { texture: 'speckled' }],
        ],
      },
      {
        group: 'Blacks',
        texture: 'plain',
        colours: [
          ['Jet Black', '#1C1C1C', polishedHoned],
          ['Black Sparkle', '#141414', ['Polished'], { texture: 'speckled', accentHex: '#C0C0C0' }],
          ['Charcoal Soapstone', '#3A3B3C', honedTextured, { texture: 'veined', accentHex: '#8A8A88' }],
        ],
      },
      {
        group: 'Creams & Beiges',
        texture: 'speckled',
        colours: [
          ['Cream', '#E4DACB', polishedHoned],
          ['Sand', '#CBBBA6', polishedHoned],
          ['Travertine Look', '#D8CAB3', honedTextured, { texture: 'veined', accentHex: '#B9A88C' }],
        ],
      },
    ],
  },
  {
    material: 'Granite',
    groups: [
      {
        group: 'Blacks',
        texture: 'speckled',
        colours: [
          ['Absolute Black', '#1A1A1A', ['Polished', 'Honed', 'Leathered'], { accentHex: '#3A3A3A' }],
          ['Star Galaxy', '#1E1B18', polishedLeathered, { accentHex: '#B08D57' }],
          ['Black Pearl', '#252526', polishedLeathered, { accentHex: '#9EA3A8' }],
          ['Nero Impala', '#3B3C3E', polishedHoned],
        ],
      },
      {
        group: 'Whites & Creams',
        texture: 'speckled',
        colours: [
          ['Kashmir White', '#E3DFD8', polishedHoned, { accentHex: '#7B2E3A' }],
          ['Viscont White', '#D9D5CF', polishedHoned, { texture: 'veined', accentHex: '#5A5A5C' }],
          ['Colonial White', '#D8D2C8', polishedHoned, { accentHex: '#6E3B3F' }],
          ['Ivory Fantasy', '#E2D6C2', polishedHoned, { texture: 'veined', accentHex: '#8C6B45' }],
        ],
      },
      {
        group: 'Greys',
        texture: 'speckled',
        colours: [
          ['Bianco Sardo', '#BDB8B0', polishedHoned],
          ['Steel Grey', '#4A4B4D', polishedLeathered],
          ['Blue Pearl', '#5A6470', ['Polished'], { accentHex: '#9FB4CC' }],
        ],
      },
      {
        group: 'Browns & Golds',
        texture: 'speckled',
        colours: [
          ['Baltic Brown', '#5B4A3F', ['Polished'], { accentHex: '#1E1A17' }],
          ['Tan Brown', '#4A3029', polishedLeathered],
          ['Kashmir Gold', '#D7C29A', ['Polished'], { accentHex: '#7B2E3A' }],
        ],
      },
      {
        group: 'Greens',
        texture: 'speckled',
        colours: [['Verde Ubatuba', '#2B302A', polishedLeathered, { accentHex: '#A68B4F' }]],
      },
    ],
  },
  {
    material: 'Marble',
    groups: [
      {
        group: 'Whites',
        texture: 'veined',
        colours: [
          ['Bianco Carrara', '#E9E8E4', polishedHoned, { accentHex: '#A3A5A6' }],
          ['Calacatta', '#F1EEE8', polishedHoned, { accentHex: '#9C8F7A' }],
          ['Statuario', '#F4F2EE', polishedHoned, { accentHex: '#6F6F70' }],
          ['Arabescato', '#EEEDEA', polishedHoned, { accentHex: '#7E7F80' }],
        ],
      },
      { group: 'Greys', texture: 'veined', colours: [['Bardiglio', '#8D9093', polishedHoned]] },
      {
        group: 'Blacks',
        texture: 'veined',
        colours: [['Nero Marquina', '#1E1E1F', polishedHoned, { accentHex: '#E6E6E6' }]],
      },
      {
        group: 'Browns & Beiges',
        texture: 'veined',
        colours: [
          ['Crema Marfil', '#E0D2BB', polishedHoned],
          ['Emperador Dark', '#5A4535', ['Polished'], { accentHex: '#C9B49A' }],
        ],
      },
      {
        group: 'Greens',
        texture: 'veined',
        colours: [['Verde Alpi', '#2F4A3C', ['Polished'], { accentHex: '#E2E6E0' }]],
      },
    ],
  },
  {
    material: 'Laminate',
    groups: [
      {
        group: 'Wood Effect',
        texture: 'wood',
        colours: [
          ['Natural Oak', '#BC9A6E', texturedMatt],
          ['Light Oak', '#CBB08A', texturedMatt],
          ['Grey Oak', '#9A9184', texturedMatt],
          ['Walnut', '#6B4A35', texturedMatt],
        ],
      },
      {
        group: 'Stone & Marble Effect',
        texture: 'veined',
        colours: [
          ['White Marble', '#E8E5DF', mattGloss],
          ['Cremona Marble', '#DDD7CE', mattGloss],
          ['Black Granite Effect', '#2E2E2D', ['Matt', 'Gloss', 'Textured'], { texture: 'speckled' }],
        ],
      },
      {
        // A slash in a group name is real data here: the colours-in-group path must carry it URL-encoded.
        group: 'Concrete / Slate Effect',
        texture: 'concrete',
        colours: [
          ['Light Concrete', '#AAA8A2', mattTextured],
          ['Dark Concrete', '#595A58', mattTextured],
          ['Anthracite Slate', '#4B4B49', ['Textured']],
        ],
      },
      {
        group: 'Solid Colors',
        texture: 'plain',
        colours: [
          ['Premium White', '#F4F2EC', mattGloss],
          ['Black', '#1F2020', mattGloss],
        ],
      },
    ],
  },
  {
    material: 'Solid Wood',
    groups: [
      {
        group: 'Light Woods',
        texture: 'wood',
        colours: [
          ['Prime Oak', '#C49A6C', oiledLacquered],
          ['Rustic Oak', '#B88A5A', ['Oiled']],
          ['Beech', '#D9AE80', oiledLacquered],
          ['Maple', '#E2CAA0', oiledLacquered],
          ['Ash', '#D6C39F', oiledLacquered],
        ],
      },
      {
        group: 'Mid Woods',
        texture: 'wood',
        colours: [
          ['Iroko', '#9A6B3F', ['Oiled']],
          ['Cherry', '#A0613D', oiledLacquered],
          ['Bamboo', '#D4B483', oiledLacquered],
        ],
      },
      {
        group: 'Dark Woods',
        texture: 'wood',
        colours: [
          ['American Black Walnut', '#5C4033', oiledLacquered],
          ['Smoked Oak', '#6B5240', ['Oiled']],
          ['Wenge', '#4A3A2F', ['Oiled']],
        ],
      },
    ],
  },
  {
    material: 'Solid Surface',
    groups: [
      {
        group: 'Whites',
        texture: 'plain',
        colours: [
          ['Polar White', '#F2F2EE', ['Matt', 'Satin', 'Gloss']],
          ['Warm White', '#EDE6D8', mattSatin],
          ['Linen', '#E8E0D0', mattSatin],
        ],
      },
      {
        group: 'Greys & Neutrals',
        texture: 'plain',
        colours: [
          ['Dove', '#B9B7B1', mattSatin],
          ['Grey Speckle', '#A9A7A2', mattSatin, { texture: 'speckled' }],
        ],
      },
      { group: 'Darks', texture: 'plain', colours: [['Deep Night', '#1E1E20', mattSatin]] },
    ],
  },
  {
    material: 'Sintered Stone',
    groups: [
      {
        group: 'Marble Effect',
        texture: 'veined',
        colours: [
          ['Calacatta Look', '#F0EDE7', mattPolished, { accentHex: '#9C8F7A' }],
          ['Statuario Look', '#F3F1ED', mattPolished, { accentHex: '#6F6F70' }],
        ],
      },
      {
        group: 'Concrete & Stone',
        texture: 'concrete',
        colours: [
          ['Cement Light', '#BDBAB4', mattTextured],
          ['Cement Dark', '#5E5D5A', mattTextured],
          ['Limestone Look', '#D9CFBF', mattTextured],
        ],
      },
      {
        group: 'Solid Colors',
        texture: 'plain',
        colours: [
          ['Uni White', '#F1F0EC', mattPolished],
          ['Basalt Black', '#232323', mattTextured],
        ],
      },
      {
        group: 'Metallic & Oxide',
        texture: 'concrete',
        colours: [['Oxide', '#6B4A3A', ['Textured'], { accentHex: '#A0593A' }]],
      },
    ],
  },
  {
    material: 'Concrete',
    groups: [
      {
        group: 'Concrete',
        texture: 'concrete',
        colours: [
          ['Natural Grey', '#9A9791', ['Honed', 'Polished', 'Textured']],
          ['Light Grey', '#B9B6AF', ['Honed', 'Polished']],
          ['Charcoal', '#5D5D5B', ['Honed', 'Polished']],
          ['Warm Putty', '#A89F92', ['Honed', 'Polished']],
        ],
      },
    ],
  },
  {
    material: 'Stainless Steel',
    groups: [
      {
        group: 'Steel',
        texture: 'steel',
        colours: [
          ['Brushed Steel', '#B4B7B9', ['Brushed']],
          ['Linen Steel', '#ABAEB0', ['Textured']],
          ['Mirror Steel', '#C8CBCD', ['Polished']],
        ],
      },
    ],
  },
];

/** How a worktop colour's surface looks: its texture, dominant colour and vein or fleck colour. */
export interface WorktopSurface {
  texture: SurfaceTexture;
  hex: string;
  accentHex?: string;
}

/** The surface of `colour` in `material`, or undefined when the catalogue has no such worktop. */
export function worktopSurfaceOf(material: string, colour: string): WorktopSurface | undefined {
  for (const facts of WORKTOP_MATERIALS) {
    if (facts.material !== material) continue;
    for (const group of facts.groups)
      for (const [name, hex, , look] of group.colours)
        if (name === colour)
          return {
            texture: look?.texture ?? group.texture,
            hex,
            ...(look?.accentHex ? { accentHex: look.accentHex } : {}),
          };
  }
  return undefined;
}
