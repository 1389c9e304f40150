// Float channels (one float a pixel: a luminance, a mask's weights) over a rectangle of the photo, and the operations the photo result builds on: a box
// blur (running sums, so its cost does not grow with the radius), a median over a mask, and connected patches.

/** A rectangle of the photo, in whole pixels. */
export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** The smallest box holding every pixel of `plane` (full-size, `width` wide) at or above `threshold`; null if none. */
export function boundsOf(plane: Uint8Array, width: number, threshold = 1): Box | null {
  const height = plane.length / width;
  let left = width;
  let right = -1;
  let top = height;
  let bottom = -1;
  for (let y = 0; y < height; y += 1) {
    const row = y * width;
    for (let x = 0; x < width; x += 1) {
      if ((plane[row + x] ?? 0) < threshold) continue;
      if (x < left) left = x;
      if (x > right) right = x;
      if (y < top) top = y;
      bottom = y;
    }
  }
  return right < 0 ? null : { left, top, width: right - left + 1, height: bottom - top + 1 };
}

/** `box` grown by `margin` on every side, kept inside a `width` × `height` picture. */
export function grown(box: Box, margin: number, width: number, height: number): Box {
  const left = Math.max(0, box.left - margin);
  const top = Math.max(0, box.top - margin);
  return {
    left,
    top,
    width: Math.min(width, box.left + box.width + margin) - left,
    height: Math.min(height, box.top + box.height + margin) - top,
  };
}

function blurRows(source: Float32Array, target: Float32Array, width: number, height: number, radius: number) {
  for (let y = 0; y < height; y += 1) {
    const row = y * width;
    let sum = 0;
    for (let x = 0; x < Math.min(radius, width); x += 1) sum += source[row + x] ?? 0;
    for (let x = 0; x < width; x += 1) {
      const entering = x + radius;
      const leaving = x - radius - 1;
      if (entering < width) sum += source[row + entering] ?? 0;
      if (leaving >= 0) sum -= source[row + leaving] ?? 0;
      const count = Math.min(width - 1, entering) - Math.max(0, x - radius) + 1;
      target[row + x] = sum / count;
    }
  }
}

function blurColumns(
  source: Float32Array,
  target: Float32Array,
  width: number,
  height: number,
  radius: number,
) {
  const sums = new Float64Array(width);
  for (let y = 0; y < Math.min(radius, height); y += 1) {
    for (let x = 0; x < width; x += 1) sums[x] = (sums[x] ?? 0) + (source[y * width + x] ?? 0);
  }
  for (let y = 0; y < height; y += 1) {
    const entering = y + radius;
    const leaving = y - radius - 1;
    const count = Math.min(height - 1, entering) - Math.max(0, y - radius) + 1;
    const enteringRow = entering * width;
    const leavingRow = leaving * width;
    const row = y * width;
    for (let x = 0; x < width; x += 1) {
      let sum = sums[x] ?? 0;
      if (entering < height) sum += source[enteringRow + x] ?? 0;
      if (leaving >= 0) sum -= source[leavingRow + x] ?? 0;
      sums[x] = sum;
      target[row + x] = sum / count;
    }
  }
}

/** The mean over a (2 × radius + 1)² square round each pixel, edges averaging only what lies inside. */
export function boxBlur(plane: Float32Array, width: number, height: number, radius: number): Float32Array {
  const across = new Float32Array(plane.length);
  blurRows(plane, across, width, height, radius);
  const result = new Float32Array(plane.length);
  blurColumns(across, result, width, height, radius);
  return result;
}

/**
 * The median of `values` where `weight` is at least half: through a histogram of `bins` steps over 0 to
 * `ceiling`, so it costs one pass whatever the count.
 */
export function maskedMedian(
  values: Float32Array,
  weight: Float32Array,
  ceiling: number,
  bins = 1 << 16,
): number {
  const histogram = new Uint32Array(bins);
  let total = 0;
  for (let index = 0; index < values.length; index += 1) {
    if ((weight[index] ?? 0) < 0.5) continue;
    const bin = Math.min(bins - 1, Math.max(0, Math.floor(((values[index] ?? 0) / ceiling) * bins)));
    histogram[bin] = (histogram[bin] ?? 0) + 1;
    total += 1;
  }
  if (total === 0) return 0;
  let seen = 0;
  for (let bin = 0; bin < bins; bin += 1) {
    seen += histogram[bin] ?? 0;
    if (seen * 2 >= total) return ((bin + 0.5) / bins) * ceiling;
  }
  return ceiling;
}

/** Each pixel's patch (1 to `sizes.length`; 0 where `plane` is 0) and each patch's size in pixels. */
export interface Patches {
  labels: Int32Array;
  sizes: number[];
}

/** The pixel left of, right of, above or below (`side` 0 to 3) `pixel` at column `x`; -1 off the plane's edge. */
function neighbourOf(pixel: number, x: number, side: number, width: number, length: number): number {
  if (side === 0) return x > 0 ? pixel - 1 : -1;
  if (side === 1) return x < width - 1 ? pixel + 1 : -1;
  if (side === 2) return pixel >= width ? pixel - width : -1;
  return pixel + width < length ? pixel + width : -1;
}

/** The 4-connected patches of the pixels where `plane` is not 0. */
export function patchesOf(plane: ArrayLike<number>, width: number, height: number): Patches {
  const labels = new Int32Array(width * height);
  const sizes: number[] = [];
  const queue = new Int32Array(width * height);
  for (let start = 0; start < labels.length; start += 1) {
    if (labels[start] !== 0 || (plane[start] ?? 0) === 0) continue;
    const label = sizes.length + 1;
    labels[start] = label;
    queue[0] = start;
    let found = 1;
    for (let next = 0; next < found; next += 1) {
      const pixel = queue[next] ?? 0;
      const x = pixel % width;
      for (let side = 0; side < 4; side += 1) {
        const neighbour = neighbourOf(pixel, x, side, width, labels.length);
        if (neighbour < 0 || labels[neighbour] !== 0 || (plane[neighbour] ?? 0) === 0) continue;
        labels[neighbour] = label;
        queue[found] = neighbour;
        found += 1;
      }
    }
    sizes.push(found);
  }
  return { labels, sizes };
}
