import { expect } from 'vitest';
import { featherRadius } from '../../../recolour/surface-region';
import {
  decodePhoto,
  encodeResult,
  recolourPhotoHere,
} from '../../../server/generation/picture-work/photo-result';
import { catalogueWorktop } from '../../../tooling/known-kitchens';
import { HAND_MARKED_KITCHENS, handMarkedKitchen } from '../../../tooling/marked-real-kitchens';
import { describeWithRealPhotos, itWithRealPhotos } from '../../support/real-photos';
import { clearOfMasks } from './photo-pixels';

// Real kitchens with traced fronts and worktop, each at its own size and the first also at 12 MP: the photo result
// runs, keeps the photo's size and every pixel clear of the masks. Its time is the benchmark's (docs/benchmarks.md).

const walnut = catalogueWorktop('Laminate', 'Walnut', 'Matt');
const look = {
  fronts: { hex: '#1F3855', finish: 'Gloss' as const },
  worktop: { texture: walnut.texture, hex: walnut.hex, finish: walnut.finish },
};

describeWithRealPhotos('the photo result on real kitchens', () => {
  for (const [index, kitchen] of HAND_MARKED_KITCHENS.entries()) {
    for (const width of index === 0 ? [undefined, 4000] : [undefined]) {
      itWithRealPhotos(
        `${kitchen.file} at ${width ? `${width} px wide` : 'its own size'}`,
        async () => {
          const marked = await handMarkedKitchen(kitchen, width);
          if (!marked) throw new Error('the fixtures are present but the photo is not');
          const photo = await decodePhoto(marked.jpeg);
          const result = await recolourPhotoHere(photo, marked.masks, look);
          expect([result.width, result.height]).toEqual([photo.width, photo.height]);
          const clear = clearOfMasks(marked.masks, featherRadius(photo.width, photo.height));
          let changed = 0;
          let cleared = 0;
          clear.forEach((isClear, pixel) => {
            if (!isClear) return;
            cleared += 1;
            if (result.data[pixel * 3] !== photo.data[pixel * 3]) changed += 1;
          });
          expect(cleared).toBeGreaterThan(0);
          expect(changed).toBe(0);
          expect((await encodeResult(result)).bytes.length).toBeGreaterThan(0);
        },
        120_000,
      );
    }
  }
});
