// The worktop's tile drawn on the page: the same swatch SVG the server draws with librsvg (swatches/worktop-tile.ts),
// drawn by the browser at the size the recolour wants, once per surface. On the page, not in the worker: Chromium's
// workers cannot decode an SVG image (createImageBitmap refuses it), and `createImageBitmap` of the decoded image
// rasterises on the page all the same. Its two costs are two tasks (D118): the SVG decoded (parsed and laid out:
// 1,400 specks on a speckled quartz), then drawn and read back (the fractal noise of stone and concrete).
import type { WorktopLook } from '../../recolour/looks';
import { WORKTOP_TILE_TEXELS, type WorktopTile } from '../../recolour/worktop-texture';
import { photoWorktopTileSvg } from '../../swatches/worktop-tile';

const drawnTiles = new Map<string, Promise<WorktopTile>>();

/** Resolves in a later task, so that the page can handle input and paint between two pieces of work. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function drawTile(svg: string): Promise<WorktopTile> {
  const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
  try {
    const image = new Image(WORKTOP_TILE_TEXELS, WORKTOP_TILE_TEXELS);
    image.src = url;
    await image.decode();
    // The drawing in a task of its own: run on straight after the decoding, the two made one long task (D118).
    await nextTask();
    const canvas = new OffscreenCanvas(WORKTOP_TILE_TEXELS, WORKTOP_TILE_TEXELS);
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context) throw new Error('This browser cannot draw the preview.');
    context.drawImage(image, 0, 0, WORKTOP_TILE_TEXELS, WORKTOP_TILE_TEXELS);
    const { data } = context.getImageData(0, 0, WORKTOP_TILE_TEXELS, WORKTOP_TILE_TEXELS);
    return { data, size: WORKTOP_TILE_TEXELS, channels: 4 };
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** The worktop's tile, drawn once per surface (the same SVG is the same tile). */
export function worktopTile(look: WorktopLook): Promise<WorktopTile> {
  const svg = photoWorktopTileSvg(look);
  const known = drawnTiles.get(svg);
  if (known) return known;
  const drawing = drawTile(svg);
  drawnTiles.set(svg, drawing);
  // A failed drawing is not kept: the next preview tries again.
  drawing.catch(() => drawnTiles.delete(svg));
  return drawing;
}
