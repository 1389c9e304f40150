import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { featherRadius } from '../../../recolour/surface-region';
import { pasteBackPixels } from '../../../server/generation/picture-work/paste-back';
import { knownKitchen } from '../../../tooling/known-kitchens';
import { clearOfMasks, surfacePixels } from './photo-pixels';

// A photoreal picture pasted back through the marked surfaces, before any encoding: the room is the photo's to
// the byte; the marked surfaces are the picture's.

describe('pasting a provider’s picture back', () => {
  it('keeps every pixel clear of the feathered masks and takes the picture inside them, at the photo’s size', async () => {
    const kitchen = await knownKitchen({ width: 900 });
    const { width, height } = kitchen.picture;
    const photo = { data: kitchen.rgb, width, height };
    // A service's answer that changed everything, at another size (services draw their own sizes).
    const picture = await sharp(kitchen.rgb, { raw: { width, height, channels: 3 } })
      .negate()
      .resize(1024, 768, { fit: 'fill' })
      .png()
      .toBuffer();
    const result = await pasteBackPixels(photo, picture, kitchen.masks);
    expect([result.width, result.height]).toEqual([width, height]);

    const clear = clearOfMasks(kitchen.masks, featherRadius(width, height));
    let changedOutside = 0;
    clear.forEach((isClear, pixel) => {
      if (!isClear) return;
      for (let channel = 0; channel < 3; channel += 1)
        if (result.data[pixel * 3 + channel] !== kitchen.rgb[pixel * 3 + channel]) changedOutside += 1;
    });
    expect(changedOutside).toBe(0);

    const worktop = surfacePixels(kitchen.masks.planes.worktop);
    let inverted = 0;
    for (const pixel of worktop) {
      const expected = 255 - (kitchen.rgb[pixel * 3] ?? 0);
      if (Math.abs((result.data[pixel * 3] ?? 0) - expected) < 40) inverted += 1;
    }
    expect(inverted / worktop.length).toBeGreaterThan(0.9);
  });
});
