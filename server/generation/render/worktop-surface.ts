import sharp from 'sharp';
import { swatchSvg } from '../../../swatches/swatch-svg';
import { tileFinish } from '../../../swatches/worktop-tile';
import { BoundedCache } from '../../catalogue/bounded-cache';
import type { KitchenDesign } from './design';

// The worktop's surface for the concept: the catalogue's own swatch drawing (veins, specks, grain, cement,
// brushed steel) rendered once as a tile and repeated, mirrored, so its edges meet without seams. Each material
// also has its own slab thickness, edge and splashback, so two materials of a similar colour still read apart.

type Worktop = KitchenDesign['worktop'];

export interface MaterialLook {
  /** Slab thickness in metres. */
  thickness: number;
  /** Stone-like slabs run up the wall as a full splashback; timber and laminate get a short upstand. */
  splashback: 'full' | 'upstand';
  /** A lit line along the edge: the rounded front of post-formed laminate or the folded lip of steel. */
  edgeHighlight: number;
}

const STONE: MaterialLook = { thickness: 0.03, splashback: 'full', edgeHighlight: 0 };

const MATERIAL_LOOKS: Readonly<Record<string, MaterialLook>> = {
  Quartz: STONE,
  Granite: STONE,
  Marble: STONE,
  Laminate: { thickness: 0.038, splashback: 'upstand', edgeHighlight: 0.35 },
  'Solid Wood': { thickness: 0.04, splashback: 'upstand', edgeHighlight: 0 },
  'Solid Surface': { thickness: 0.03, splashback: 'full', edgeHighlight: 0.15 },
  'Sintered Stone': { thickness: 0.012, splashback: 'full', edgeHighlight: 0 },
  Concrete: { thickness: 0.05, splashback: 'full', edgeHighlight: 0 },
  'Stainless Steel': { thickness: 0.03, splashback: 'full', edgeHighlight: 0.6 },
};

export function materialLook(material: string): MaterialLook {
  return MATERIAL_LOOKS[material] ?? STONE;
}

const tileCache = new BoundedCache<string, string>(64);

/** The tile's side on screen: about 0.15 of the picture's width, so veins and grains read at a natural scale. */
export const tileSize = (imageWidth: number) => Math.round(imageWidth * 0.15);

/**
 * The surface as a PNG data URL: the swatch drawn at `size` px and mirrored into a 2 × 2 block, so the block
 * repeats without seams. Built once per surface and size, at the size it is shown: librsvg then paints each
 * pattern from a single unscaled image, which keeps the 1536 px render inside its budget. Leathered and
 * textured finishes keep the swatch's relief; every other finish is drawn honed, because the concept adds one
 * reflection over the whole scene instead of a sheen per tile, which would repeat.
 */
export async function worktopTile(worktop: Worktop, size: number): Promise<string> {
  const finish = tileFinish(worktop.finish);
  const identity = [worktop.texture, worktop.hex, worktop.accentHex ?? '', finish].join('|');
  const key = `${identity}|${size}`;
  const cached = tileCache.get(key);
  if (cached) return cached;
  const svg = swatchSvg(
    {
      kind: 'worktop',
      texture: worktop.texture,
      hex: worktop.hex,
      accentHex: worktop.accentHex,
      finish,
    },
    `concept/${identity}`,
  );
  // Mirroring the tile right and down gives the flipped copies the 2 × 2 block needs.
  const block = await sharp(Buffer.from(svg))
    .resize(size, size)
    .removeAlpha()
    .extend({ right: size, bottom: size, extendWith: 'mirror' })
    .jpeg({ quality: 90 })
    .toBuffer();
  const url = `data:image/jpeg;base64,${block.toString('base64')}`;
  tileCache.set(key, url);
  return url;
}

/**
 * Pattern definitions: `worktop-flat` for upright surfaces (edges, splashbacks) and `worktop-top` squashed
 * vertically for the horizontal tops, which the eye sees at a glancing angle.
 */
export function worktopPatterns(tileUrl: string, imageWidth: number): string {
  const block = tileSize(imageWidth) * 2;
  const pattern = (id: string, transform: string) =>
    `<pattern id="${id}" patternUnits="userSpaceOnUse" width="${block}" height="${block}"${transform}><image width="${block}" height="${block}" href="${tileUrl}"/></pattern>`;
  return `${pattern('worktop-flat', '')}${pattern('worktop-top', ' patternTransform="scale(1 0.32)"')}`;
}
