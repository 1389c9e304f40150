// Small pictures drawn in memory for the marking algorithm's unit tests: flat colours with known edges.
import type { RgbaPicture } from '../../src/marking/pixels';

export type Rgb = readonly [number, number, number];

/** A picture whose every pixel's colour is `colourAt(x, y)`. */
export function drawnPicture(
  width: number,
  height: number,
  colourAt: (x: number, y: number) => Rgb,
): RgbaPicture {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const [r, g, b] = colourAt(x, y);
      data.set([r, g, b, 255], (y * width + x) * 4);
    }
  return { width, height, data };
}

/** The colour `share` of the way from `one` to `other` (0 is `one`), rounded to whole levels: a shading. */
export function mixed([r, g, b]: Rgb, [r2, g2, b2]: Rgb, share: number): Rgb {
  return [
    Math.round(r + (r2 - r) * share),
    Math.round(g + (g2 - g) * share),
    Math.round(b + (b2 - b) * share),
  ];
}

/** Which pixels satisfy `inside`, as a 0/1 plane. */
export function drawnPlane(
  width: number,
  height: number,
  inside: (x: number, y: number) => boolean,
): Uint8Array {
  const plane = new Uint8Array(width * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) plane[y * width + x] = inside(x, y) ? 1 : 0;
  return plane;
}

/** Intersection over union of the pixels labelled `label` and the 1s of `truth`. */
export function iou(labels: Uint8Array, label: number, truth: Uint8Array): number {
  let both = 0;
  let either = 0;
  for (let pixel = 0; pixel < labels.length; pixel++) {
    const marked = labels[pixel] === label;
    const isTrue = truth[pixel] === 1;
    if (marked && isTrue) both++;
    if (marked || isTrue) either++;
  }
  return either === 0 ? 1 : both / either;
}
