// The benchmarks and screenshots run on a bare clone: the real photo when present, a drawn kitchen otherwise.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { kitchenPhoto, kitchenPicture } from '../../tooling/made-images';
import { realOrDrawnKitchen, realPhotoIfPresent } from '../../tooling/photo-source';
import { temporaryDir } from '../../tooling/server';

const withPhoto = temporaryDir('kr-photo-source-');
const empty = temporaryDir('kr-photo-source-empty-');
afterAll(() => {
  withPhoto.remove();
  empty.remove();
});

describe('the photo a benchmark or screenshot uses', () => {
  it('is the real one, byte for byte, when it is in the fixtures folder', async () => {
    const real = await kitchenPicture({ width: 320, height: 240 });
    mkdirSync(path.join(withPhoto.dir, 'kitchens'), { recursive: true });
    writeFileSync(path.join(withPhoto.dir, 'kitchens/real.jpg'), real);

    const photo = await realOrDrawnKitchen('kitchens/real.jpg', { width: 640, height: 480 }, withPhoto.dir);
    expect(photo.real).toBe(true);
    expect(photo.file.buffer.equals(real)).toBe(true);
    expect(photo.file).toMatchObject({ name: 'real.jpg', mimeType: 'image/jpeg' });
    expect(photo.words).toBe('`real.jpg`');
    expect(realPhotoIfPresent('kitchens/real.jpg', withPhoto.dir)?.equals(real)).toBe(true);
  });

  it('is a drawn kitchen JPEG of the asked size, said to be one, when the folder is empty', async () => {
    const photo = await realOrDrawnKitchen('kitchens/real.jpg', { width: 640, height: 480 }, empty.dir);
    expect(photo.real).toBe(false);
    expect(await sharp(photo.file.buffer).metadata()).toMatchObject({
      format: 'jpeg',
      width: 640,
      height: 480,
    });
    expect(photo.words).toBe('a kitchen drawn by the concept renderer (640 × 480; `real.jpg` was not found)');
    expect(realPhotoIfPresent('heic/missing.heic', empty.dir)).toBeUndefined();
  });

  it('is, with no size asked, the made kitchen the browser tests upload through the photo check', async () => {
    const photo = await realOrDrawnKitchen('kitchens/real.jpg', undefined, empty.dir);
    expect(photo.file.buffer.equals(await kitchenPhoto())).toBe(true);
    expect(photo.words).toBe(
      'a kitchen drawn by the concept renderer (1000 × 752; `real.jpg` was not found)',
    );
  });
});
