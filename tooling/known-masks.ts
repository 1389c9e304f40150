import sharp from 'sharp';
import type { MarkedSurface } from '../contract/surface-masks';
import type { SurfaceMasks } from '../recolour/surface-masks';
import type { KitchenDesign } from '../server/generation/render/design';
import { CONCEPT_WIDTH, designSvg } from '../server/generation/render/render-concept';

// Kitchens drawn by the concept renderer with their fronts and worktop known to the pixel, for tests of the
// photo result and of marking (stroke segmentation against a true mask). A surface's mask is where its colour
// shows: the design is drawn again with that surface black and then white, and every pixel that differs is
// that surface. Whatever hides it (a nearer worktop, the island) hides it in both drawings, so occlusion is
// exact; what the drawing derives from the front colour (gaps, plinth, carcass ends, the handles' metal) counts
// as fronts, as a visitor would mark it.

export interface KitchenWithMasks {
  /** The drawing, lossless, at `width` and the photo's aspect ratio. */
  picture: { bytes: Buffer; contentType: 'image/png'; width: number; height: number };
  /** The same pixels decoded: RGB, row-major. */
  rgb: Buffer;
  masks: SurfaceMasks & { planes: Record<MarkedSurface, Uint8Array> };
}

/** How far (0-255, largest channel) the two drawings must differ for a pixel to belong to the surface. */
const SURFACE_DIFFERENCE = 48;

async function rgbOf(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer();
}

function withSurface(design: KitchenDesign, surface: MarkedSurface, hex: string): KitchenDesign {
  if (surface === 'fronts') return { ...design, fronts: { ...design.fronts, hex } };
  const worktop = { ...design.worktop, hex };
  if (design.worktop.accentHex) worktop.accentHex = hex;
  return { ...design, worktop };
}

/** Per pixel, how much two drawings differ: the largest channel's difference, 0-255. */
function difference(dark: Buffer, light: Buffer, pixels: number): Uint8Array {
  const differences = new Uint8Array(pixels);
  for (let pixel = 0; pixel < pixels; pixel += 1) {
    const at = pixel * 3;
    differences[pixel] = Math.max(
      Math.abs((dark[at] ?? 0) - (light[at] ?? 0)),
      Math.abs((dark[at + 1] ?? 0) - (light[at + 1] ?? 0)),
      Math.abs((dark[at + 2] ?? 0) - (light[at + 2] ?? 0)),
    );
  }
  return differences;
}

/** Each pixel to the surface whose change shows most there (an edge pixel blends both), if any shows enough. */
function surfaceMasks(fronts: Uint8Array, worktop: Uint8Array): Record<MarkedSurface, Uint8Array> {
  const planes = { fronts: new Uint8Array(fronts.length), worktop: new Uint8Array(fronts.length) };
  for (let pixel = 0; pixel < fronts.length; pixel += 1) {
    const front = fronts[pixel] ?? 0;
    const top = worktop[pixel] ?? 0;
    if (Math.max(front, top) < SURFACE_DIFFERENCE) continue;
    planes[front >= top ? 'fronts' : 'worktop'][pixel] = 255;
  }
  return planes;
}

/** Draws `design` over the room read from `photo`, with the exact mask of its fronts and of its worktop. */
export async function renderKitchenWithMasks(
  photo: Buffer,
  design: KitchenDesign,
  width = CONCEPT_WIDTH,
): Promise<KitchenWithMasks> {
  const drawn = (variant: KitchenDesign) => designSvg(photo, variant, [], width);
  const [picture, frontsDark, frontsLight, worktopDark, worktopLight] = await Promise.all([
    drawn(design),
    drawn(withSurface(design, 'fronts', '#000000')),
    drawn(withSurface(design, 'fronts', '#FFFFFF')),
    drawn(withSurface(design, 'worktop', '#000000')),
    drawn(withSurface(design, 'worktop', '#FFFFFF')),
  ]);
  const [rgb, ...variants] = await Promise.all(
    [picture, frontsDark, frontsLight, worktopDark, worktopLight].map(({ svg }) => rgbOf(svg)),
  );
  const [fd, fl, wd, wl] = variants as [Buffer, Buffer, Buffer, Buffer];
  const { height } = picture;
  const pixels = width * height;
  const bytes = await sharp(rgb, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
  return {
    picture: { bytes, contentType: 'image/png', width, height },
    rgb: rgb as Buffer,
    masks: {
      width,
      height,
      planes: surfaceMasks(difference(fd, fl, pixels), difference(wd, wl, pixels)),
    },
  };
}
