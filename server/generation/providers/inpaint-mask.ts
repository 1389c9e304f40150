// The visitor's marked surfaces as each image service takes a mask (reference providers.md), and the paste-back
// that keeps the room: whatever a model draws, only what lies inside our own feathered mask is kept.
import sharp from 'sharp';
import { markedUnion } from '../../../recolour/paste-inside';
import type { SurfaceMasks } from '../../../recolour/surface-masks';
import type { Placement } from '../picture-work/fit-answer';
import type { KitchenRequest, ProviderContext, ProviderImage } from '../provider';

const greyPlane = (masks: SurfaceMasks) =>
  sharp(markedUnion(masks), { raw: { width: masks.width, height: masks.height, channels: 1 } });

/** Replicate flux-fill and ComfyUI's inpainting: a grey PNG at the photo's size, white where the model paints. */
export function whiteToEditMask(masks: SurfaceMasks): Promise<Buffer> {
  return greyPlane(masks).png().toBuffer();
}

/**
 * OpenAI image edits: a PNG of the padded canvas the photo is sent on, fully transparent (alpha 0) where the
 * model may edit and opaque everywhere else, the padding included.
 */
export async function transparentToEditMask(masks: SurfaceMasks, placement: Placement): Promise<Buffer> {
  const { canvas, left, top, width, height } = placement;
  // One channel out: sharp would otherwise hand a resized grey plane back as RGB.
  const marked = await greyPlane(masks)
    .resize(width, height, { fit: 'fill' })
    .extractChannel(0)
    .raw()
    .toBuffer();
  const rgba = Buffer.alloc(canvas.width * canvas.height * 4);
  for (let pixel = 0; pixel < canvas.width * canvas.height; pixel += 1) rgba[pixel * 4 + 3] = 255;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const at = ((top + y) * canvas.width + left + x) * 4;
      rgba[at + 3] = 255 - (marked[y * width + x] ?? 0);
    }
  }
  return sharp(rgba, { raw: { width: canvas.width, height: canvas.height, channels: 4 } })
    .png()
    .toBuffer();
}

/** The photo a kitchen is drawn into: the photo itself when surfaces are marked (the paste-back needs it). */
export const kitchenCanvas = (request: KitchenRequest): ProviderImage =>
  request.masks ? request.photo : (request.emptyRoom ?? request.photo);

/** The service's picture with the room kept: pasted into the photo through the masks, when there are any. */
export function keepTheRoom(
  request: KitchenRequest,
  picture: ProviderImage,
  context: ProviderContext,
): Promise<ProviderImage> {
  return request.masks
    ? context.photos.pasteBack(request.photo, picture, request.masks)
    : Promise.resolve(picture);
}
