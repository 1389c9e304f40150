import sharp from 'sharp';
import type { WorktopLook } from '../../../recolour/looks';
import { WORKTOP_TILE_TEXELS, type WorktopTile } from '../../../recolour/worktop-texture';
import { photoWorktopTileSvg } from '../../../swatches/worktop-tile';

// The server's edge of the worktop's texture: the catalogue's swatch drawn by librsvg (through sharp) at the size
// the recolour wants its tile; the recolour itself (recolour/worktop-texture.ts) only reads the pixels.

export async function drawWorktopTile(look: WorktopLook): Promise<WorktopTile> {
  const data = await sharp(Buffer.from(photoWorktopTileSvg(look)))
    .resize(WORKTOP_TILE_TEXELS, WORKTOP_TILE_TEXELS)
    .removeAlpha()
    .raw()
    .toBuffer();
  return { data, size: WORKTOP_TILE_TEXELS, channels: 3 };
}
