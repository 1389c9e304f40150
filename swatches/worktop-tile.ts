import type { SurfaceTexture, WorktopFinish } from '../contract/catalogue';
import { swatchSvg } from './swatch-svg';

// A worktop's surface as a tile that repeats across a drawn or photographed counter: the catalogue's own swatch,
// drawn by the server's sharp (the photo result, the concept) and by the browser's canvas (the preview) alike.

/** What a worktop tile is drawn from. */
export interface WorktopTileLook {
  texture: SurfaceTexture;
  hex: string;
  accentHex?: string;
  finish: WorktopFinish;
}

/**
 * The finish a tile is drawn in: a sheen is the photo's to give (its own reflections) or the scene's, not the
 * swatch's, which would repeat with the tile; leathered and textured keep their relief.
 */
export const tileFinish = (finish: WorktopFinish): WorktopFinish =>
  finish === 'Leathered' || finish === 'Textured' ? finish : 'Honed';

/** The swatch the photo's worktop is retextured with, as SVG: the same seed on both hosts gives the same tile. */
export function photoWorktopTileSvg(look: WorktopTileLook): string {
  return swatchSvg(
    {
      kind: 'worktop',
      texture: look.texture,
      hex: look.hex,
      accentHex: look.accentHex,
      finish: tileFinish(look.finish),
    },
    `photo/${look.texture}/${look.hex}/${look.accentHex ?? ''}`,
  );
}
