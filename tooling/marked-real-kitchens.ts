// Real kitchen photos (D33: read from the fixtures beside the clone, never copied in) with their fronts and
// worktop marked by hand as polygons, the way a visitor's strokes would mark them, roughly: for the photo
// result's real-photo tests and benchmark. Points are fractions of the photo's width and height, so the marks
// fit the photo at any size it is scaled to.
import sharp from 'sharp';
import type { MarkedSurface } from '../contract/surface-masks';
import type { SurfaceMasks } from '../server/images/surface-masks';
import { realPhotoIfPresent } from './photo-source';

type Polygon = readonly (readonly [number, number])[];

export interface HandMarkedKitchen {
  file: string;
  /** Traced on a 1000 px wide preview: x in 0-1000, y in 0-`previewHeight`. */
  previewHeight: number;
  surfaces: Record<MarkedSurface, readonly Polygon[]>;
}

export const HAND_MARKED_KITCHENS: readonly HandMarkedKitchen[] = [
  {
    file: 'kitchens/kitchen-02-white-island-pexels.jpg',
    previewHeight: 667,
    surfaces: {
      fronts: [
        [
          [663, 178],
          [1000, 128],
          [1000, 305],
          [663, 308],
        ],
        [
          [428, 222],
          [582, 196],
          [582, 308],
          [428, 308],
        ],
        [
          [640, 378],
          [1000, 395],
          [1000, 545],
          [668, 500],
          [640, 470],
        ],
        // The cabinets over the wall ovens.
        [
          [367, 223],
          [428, 217],
          [428, 288],
          [367, 288],
        ],
        // The wall cabinet at the left edge.
        [
          [0, 150],
          [33, 155],
          [33, 305],
          [0, 305],
        ],
        // The wall cabinets left of the window, and the one right of the fridge down to the counter (the fridge
        // left out).
        [
          [35, 155],
          [265, 190],
          [265, 308],
          [200, 307],
          [200, 254],
          [35, 250],
        ],
        [
          [0, 385],
          [38, 385],
          [38, 520],
          [0, 520],
        ],
      ],
      worktop: [
        [
          [410, 350],
          [1000, 378],
          [1000, 403],
          [640, 382],
        ],
        [
          [255, 378],
          [420, 368],
          [690, 405],
          [600, 470],
          [560, 500],
          [250, 385],
        ],
      ],
    },
  },
  {
    file: 'kitchens/kitchen-06-dark-cabinets-3000x2003.jpg',
    previewHeight: 668,
    surfaces: {
      fronts: [
        // The base run: above the far end of the table and the chair backs (which hide the rest of its left
        // half), and left of the bench's back (which hides its right end).
        [
          [431, 363],
          [485, 364],
          [645, 376],
          [851, 400],
          [851, 412],
          [812, 490],
          [645, 478],
          [588, 447],
          [588, 432],
          [535, 397],
          [497, 396],
          [488, 387],
          [431, 383],
        ],
        // The tall unit, less the pendant lamp hanging in front of it.
        [
          [420, 215],
          [518, 215],
          [518, 355],
          [420, 355],
          [420, 332],
          [447, 332],
          [447, 250],
          [420, 250],
        ],
      ],
      worktop: [
        [
          [431, 354],
          [485, 355],
          [850, 385],
          [940, 392],
          [940, 410],
          [850, 400],
          [645, 375],
          [485, 362],
          [431, 362],
        ],
      ],
    },
  },
];

async function plane(
  polygons: readonly Polygon[],
  kitchen: HandMarkedKitchen,
  width: number,
  height: number,
) {
  const points = (polygon: Polygon) =>
    polygon
      .map(
        ([x, y]) => `${((x / 1000) * width).toFixed(1)},${((y / kitchen.previewHeight) * height).toFixed(1)}`,
      )
      .join(' ');
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<rect width="100%" height="100%" fill="black"/>` +
    polygons.map((polygon) => `<polygon points="${points(polygon)}" fill="white"/>`).join('') +
    '</svg>';
  return new Uint8Array(await sharp(Buffer.from(svg)).extractChannel(0).raw().toBuffer());
}

/** The photo (as JPEG, scaled to `width` when given) and its hand-drawn masks; undefined without the fixtures. */
export async function handMarkedKitchen(
  kitchen: HandMarkedKitchen,
  width?: number,
): Promise<{ jpeg: Buffer; masks: SurfaceMasks } | undefined> {
  const real = realPhotoIfPresent(kitchen.file);
  if (!real) return undefined;
  const resized = sharp(real).rotate();
  const { data, info } = await (width ? resized.resize(width) : resized)
    .jpeg({ quality: 92 })
    .toBuffer({ resolveWithObject: true });
  const [fronts, worktop] = await Promise.all([
    plane(kitchen.surfaces.fronts, kitchen, info.width, info.height),
    plane(kitchen.surfaces.worktop, kitchen, info.width, info.height),
  ]);
  return { jpeg: data, masks: { width: info.width, height: info.height, planes: { fronts, worktop } } };
}
