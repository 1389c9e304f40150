import { readFile } from 'node:fs/promises';
import { fixture } from '../../support/real-photos';

/** Every photo fixture with its displayed (upright) size before downscaling. */
export const photoFixtures = [
  { file: 'kitchens/kitchen-02-white-island-pexels.jpg', width: 1920, height: 1280, kitchen: true },
  { file: 'kitchens/kitchen-03-galley-bright-pexels.jpg', width: 1920, height: 1280, kitchen: true },
  { file: 'kitchens/kitchen-04-island-grey-floor-pexels.jpg', width: 1920, height: 1282, kitchen: true },
  { file: 'kitchens/kitchen-05-modern-4x3-pexels.jpg', width: 1000, height: 752, kitchen: true },
  { file: 'kitchens/kitchen-06-dark-cabinets-3000x2003.jpg', width: 3000, height: 2003, kitchen: true },
  { file: 'kitchens/kitchen-08-office-kitchenette-16x9.png', width: 1280, height: 720, kitchen: true },
  { file: 'empty-rooms/empty-room-01-tiled-portrait.jpg', width: 1049, height: 1400, kitchen: false },
  { file: 'not-kitchens/living-room-4032x3024.jpg', width: 4032, height: 3024, kitchen: false },
  {
    file: 'not-kitchens/object-colorchecker-iphone13pro-orient6.jpg',
    width: 3024,
    height: 4032,
    kitchen: false,
  },
  { file: 'heic/colorchecker-iphone13pro-cc0.heic', width: 3024, height: 4032, kitchen: false },
  { file: 'heic/seascape-iphone7-gps.heic', width: 4032, height: 3024, kitchen: false },
] as const;

export const readFixture = (file: string) => readFile(fixture(file));

/** The size after fitting inside `maxLongSide`, never enlarged (rounded as sharp rounds). */
export function fittedSize(width: number, height: number, maxLongSide: number) {
  const scale = Math.min(1, maxLongSide / Math.max(width, height));
  return { width: Math.round(width * scale), height: Math.round(height * scale) };
}
