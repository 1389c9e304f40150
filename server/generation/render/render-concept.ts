import sharp from 'sharp';
import type { KitchenLayoutId } from '../../../contract/layouts';
import {
  type DescribedChoice,
  otherChoicesOf,
  type ResolvedConfiguration,
  type ResolvedLook,
} from '../configuration';
import { labelBand, otherChoicesCaption } from './caption';
import { designFromChoices, type KitchenDesign } from './design';
import { makeCamera, type Rect } from './perspective';
import { plainFrontRegions, ROOM } from './plan';
import { readRoomLight } from './room-light';
import { conceptSvg } from './scene';
import { tileSize, worktopTile } from './worktop-surface';

// The offline concept renderer behind the `local` generation provider: the user's photo and choices in, a
// drawn concept of their new kitchen out. Pure and deterministic: the same inputs give the same bytes.

/** The resolved configuration over a photo; of its choices, those the drawing has no look for are named below. */
export interface ConceptInput extends ResolvedLook, Partial<Pick<ResolvedConfiguration, 'choices'>> {
  photo: Buffer;
  /** Words across the top saying what the picture is (the layout sketch's). */
  label?: string;
}

export interface ConceptImage {
  bytes: Buffer;
  /** Always JPEG today; WebP is allowed so callers need not change if the encoding does. */
  contentType: 'image/jpeg' | 'image/webp';
  width: number;
  height: number;
}

export const CONCEPT_WIDTH = 1536;

/** The output height: the photo's aspect ratio, kept between 4:3 landscape and 3:4 portrait. */
export function conceptHeight(photoWidth: number, photoHeight: number, width = CONCEPT_WIDTH): number {
  const ratio = Math.min(4 / 3, Math.max(3 / 4, photoHeight / photoWidth));
  return Math.round(width * ratio);
}

/** A design drawn as SVG over the room read from `photo`, at `width` and the photo's aspect ratio (`conceptHeight`). */
export async function designSvg(
  photo: Buffer,
  design: KitchenDesign,
  otherChoices: readonly DescribedChoice[] = [],
  width = CONCEPT_WIDTH,
  label?: string,
): Promise<{ svg: string; width: number; height: number }> {
  const [metadata, light, tileUrl] = await Promise.all([
    sharp(photo).metadata(),
    readRoomLight(photo),
    worktopTile(design.worktop, tileSize(width)),
  ]);
  // The stored photo is already auto-oriented, so its stored width and height are the ones the user saw.
  const height = conceptHeight(metadata.width ?? 4, metadata.height ?? 3, width);
  const caption = otherChoicesCaption(width, height, otherChoices) + (label ? labelBand(width, label) : '');
  return { svg: conceptSvg(makeCamera(width, height), design, light, tileUrl, caption), width, height };
}

/** Renders a resolved design over the room read from `photo`: the seam tests use to vary one trait at a time. */
export async function renderDesign(
  photo: Buffer,
  design: KitchenDesign,
  otherChoices: readonly DescribedChoice[] = [],
  label?: string,
): Promise<ConceptImage> {
  const { svg, width, height } = await designSvg(photo, design, otherChoices, CONCEPT_WIDTH, label);
  const bytes = await sharp(Buffer.from(svg)).jpeg({ quality: 88, chromaSubsampling: '4:4:4' }).toBuffer();
  return { bytes, contentType: 'image/jpeg', width, height };
}

export function renderConcept(input: ConceptInput): Promise<ConceptImage> {
  return renderDesign(
    input.photo,
    designFromChoices(input.frontal, input.worktop, input.layout, input.hasIsland),
    otherChoicesOf(input.choices),
    input.label,
  );
}

/**
 * For tests: screen rectangles of plain front surface in a render of this size (no handle, profile line, grain
 * or highlight on a slab or shaker door), on fronts that nothing nearer hides.
 */
export function frontSampleRegions(
  layout: KitchenLayoutId,
  hasIsland: boolean,
  width: number,
  height: number,
): Rect[] {
  return plainFrontRegions(layout, hasIsland, makeCamera(width, height));
}

/** For tests: a patch of back wall above the wall units and clear of the window in every layout. */
export function wallSampleRegion(width: number, height: number): Rect {
  const camera = makeCamera(width, height);
  const topLeft = camera.project({ x: -1.6, y: 2.52, z: ROOM.back });
  const bottomRight = camera.project({ x: -1.0, y: 2.3, z: ROOM.back });
  const left = Math.ceil(topLeft.x);
  const top = Math.ceil(topLeft.y);
  return { left, top, width: Math.floor(bottomRight.x) - left, height: Math.floor(bottomRight.y) - top };
}
