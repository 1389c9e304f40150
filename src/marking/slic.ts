// SLIC superpixels (Achanta et al. 2012): the picture cut into about `regions` compact patches of like colour, so
// the growth reasons about a few thousand patches instead of a million pixels, and patches follow the edges.
import type { LabPicture } from './pixels';

export interface Superpixels {
  readonly width: number;
  readonly height: number;
  /** The superpixel of each pixel, 0 to count - 1, each one 4-connected. */
  readonly labels: Int32Array;
  readonly count: number;
}

export interface SlicOptions {
  /** About how many superpixels (DESIGN: about 4,000 at 1200 px). */
  regions?: number;
  /** Colour against distance: higher gives squarer patches that follow colour less. */
  compactness?: number;
  iterations?: number;
}

export function slic(picture: LabPicture, edges: Float32Array, options: SlicOptions = {}): Superpixels {
  const { width, height, lab } = picture;
  const { regions = 4000, compactness = 10, iterations = 5 } = options;
  if (!(regions >= 1)) throw new RangeError(`SLIC needs at least one region, not ${regions}`);
  const pixels = width * height;
  const step = Math.max(2, Math.sqrt(pixels / regions));
  const centres = seedCentres(picture, edges, step);
  const count = centres.length / 5;
  const labels = new Int32Array(pixels).fill(-1);
  const distances = new Float32Array(pixels);
  const spatialWeight = (compactness / step) ** 2;
  const reach = Math.ceil(step);
  const sums = new Float64Array(count * 6);

  for (let iteration = 0; iteration < iterations; iteration++) {
    distances.fill(Number.POSITIVE_INFINITY);
    for (let k = 0; k < count; k++) {
      const cl = centres[k * 5] ?? 0;
      const ca = centres[k * 5 + 1] ?? 0;
      const cb = centres[k * 5 + 2] ?? 0;
      const cx = centres[k * 5 + 3] ?? 0;
      const cy = centres[k * 5 + 4] ?? 0;
      const x0 = Math.max(0, Math.floor(cx - reach));
      const x1 = Math.min(width - 1, Math.ceil(cx + reach));
      const y0 = Math.max(0, Math.floor(cy - reach));
      const y1 = Math.min(height - 1, Math.ceil(cy + reach));
      for (let y = y0; y <= y1; y++) {
        const dy = y - cy;
        for (let x = x0; x <= x1; x++) {
          const pixel = y * width + x;
          const dl = (lab[pixel * 3] ?? 0) - cl;
          const da = (lab[pixel * 3 + 1] ?? 0) - ca;
          const db = (lab[pixel * 3 + 2] ?? 0) - cb;
          const dx = x - cx;
          const distance = dl * dl + da * da + db * db + (dx * dx + dy * dy) * spatialWeight;
          if (distance < (distances[pixel] ?? 0)) {
            distances[pixel] = distance;
            labels[pixel] = k;
          }
        }
      }
    }
    moveCentres(picture, labels, centres, sums);
  }
  return enforceConnectivity(width, height, labels, Math.max(1, Math.floor((step * step) / 4)));
}

/** Centres on a grid `step` apart, each nudged to the calmest pixel of its 3 × 3 so none starts on an edge. */
function seedCentres({ width, height, lab }: LabPicture, edges: Float32Array, step: number): Float32Array {
  const columns = Math.max(1, Math.round(width / step));
  const rows = Math.max(1, Math.round(height / step));
  const centres = new Float32Array(columns * rows * 5);
  let k = 0;
  for (let row = 0; row < rows; row++) {
    for (let column = 0; column < columns; column++) {
      let bestX = Math.min(width - 1, Math.floor(((column + 0.5) * width) / columns));
      let bestY = Math.min(height - 1, Math.floor(((row + 0.5) * height) / rows));
      let calmest = Number.POSITIVE_INFINITY;
      for (let y = Math.max(0, bestY - 1), yEnd = Math.min(height - 1, bestY + 1), x0 = bestX; y <= yEnd; y++)
        for (let x = Math.max(0, x0 - 1); x <= Math.min(width - 1, x0 + 1); x++) {
          const strength = edges[y * width + x] ?? 0;
          if (strength < calmest) {
            calmest = strength;
            bestX = x;
            bestY = y;
          }
        }
      const pixel = bestY * width + bestX;
      centres.set(
        [lab[pixel * 3] ?? 0, lab[pixel * 3 + 1] ?? 0, lab[pixel * 3 + 2] ?? 0, bestX, bestY],
        k * 5,
      );
      k++;
    }
  }
  return centres;
}

function moveCentres(
  { width, lab }: LabPicture,
  labels: Int32Array,
  centres: Float32Array,
  sums: Float64Array,
) {
  sums.fill(0);
  for (let pixel = 0; pixel < labels.length; pixel++) {
    const k = labels[pixel] ?? -1;
    if (k < 0) continue;
    const at = k * 6;
    sums[at] = (sums[at] ?? 0) + (lab[pixel * 3] ?? 0);
    sums[at + 1] = (sums[at + 1] ?? 0) + (lab[pixel * 3 + 1] ?? 0);
    sums[at + 2] = (sums[at + 2] ?? 0) + (lab[pixel * 3 + 2] ?? 0);
    sums[at + 3] = (sums[at + 3] ?? 0) + (pixel % width);
    sums[at + 4] = (sums[at + 4] ?? 0) + Math.floor(pixel / width);
    sums[at + 5] = (sums[at + 5] ?? 0) + 1;
  }
  for (let k = 0; k < centres.length / 5; k++) {
    const n = sums[k * 6 + 5] ?? 0;
    if (n === 0) continue;
    for (let field = 0; field < 5; field++) centres[k * 5 + field] = (sums[k * 6 + field] ?? 0) / n;
  }
}

/**
 * Makes every superpixel one 4-connected piece and numbers them densely: a stray fragment smaller than `minSize`
 * joins the piece beside it, so the growth never jumps across a gap through a split label.
 */
export function enforceConnectivity(
  width: number,
  height: number,
  labels: Int32Array,
  minSize: number,
): Superpixels {
  const pixels = width * height;
  const output = new Int32Array(pixels).fill(-1);
  const queue = new Int32Array(pixels);
  let count = 0;
  for (let start = 0; start < pixels; start++) {
    if ((output[start] ?? 0) >= 0) continue;
    const original = labels[start];
    const x = start % width;
    // A neighbour already numbered, to join when this piece is too small.
    let adjacent = -1;
    if (x > 0 && (output[start - 1] ?? -1) >= 0) adjacent = output[start - 1] ?? -1;
    else if (start >= width && (output[start - width] ?? -1) >= 0) adjacent = output[start - width] ?? -1;
    let head = 0;
    let tail = 0;
    queue[tail++] = start;
    output[start] = count;
    const visit = (next: number) => {
      if ((output[next] ?? 0) < 0 && labels[next] === original) {
        output[next] = count;
        queue[tail++] = next;
      }
    };
    while (head < tail) {
      const pixel = queue[head++] ?? 0;
      const px = pixel % width;
      if (px > 0) visit(pixel - 1);
      if (px < width - 1) visit(pixel + 1);
      if (pixel >= width) visit(pixel - width);
      if (pixel < pixels - width) visit(pixel + width);
    }
    if (tail < minSize && adjacent >= 0) {
      for (let i = 0; i < tail; i++) output[queue[i] ?? 0] = adjacent;
    } else {
      count++;
    }
  }
  return { width, height, labels: output, count };
}
