// Where a kitchen's change is, read from the two pictures themselves (issue 36): the result page's slider opens
// there rather than at the middle, so a change in one half of the photo shows at first sight. Reading the pixels
// works for every kitchen alike (the offline recolor, a provider's picture pasted back through the masks, an
// earlier kitchen of the history) without fetching the masks again.

/** A channel sum difference below this is JPEG noise, not a change. */
const NOISE = 36;
/** Fewer changed pixels than this share of the picture: no change worth pointing at. */
const LEAST_CHANGE = 0.005;

/**
 * The weighted centre, across the width, of the pixels that differ between `before` and `after` (RGBA of the same
 * size), as a fraction of the width; null when (almost) nothing differs.
 */
export function changeCentre(
  before: Uint8ClampedArray,
  after: Uint8ClampedArray,
  width: number,
  height: number,
): number | null {
  let changed = 0;
  let weightedX = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const difference =
        Math.abs((before[i] ?? 0) - (after[i] ?? 0)) +
        Math.abs((before[i + 1] ?? 0) - (after[i + 1] ?? 0)) +
        Math.abs((before[i + 2] ?? 0) - (after[i + 2] ?? 0));
      if (difference < NOISE) continue;
      changed++;
      weightedX += x + 0.5;
    }
  }
  if (changed < LEAST_CHANGE * width * height) return null;
  return weightedX / changed / width;
}

/** The slider's opening position (percent) for a change centred at `centre`: kept off the edges, where it hides. */
export const openingPosition = (centre: number | null): number =>
  centre === null ? 50 : Math.round(Math.min(85, Math.max(15, centre * 100)));

/** Width the pictures are compared at: enough to find where the change is, cheap to read. */
const SAMPLE_WIDTH = 160;

/** The change's centre in two loaded pictures; null where a canvas cannot read them. */
export function changeCentreOf(before: HTMLImageElement, after: HTMLImageElement): number | null {
  const width = SAMPLE_WIDTH;
  const height = Math.max(
    1,
    Math.round((SAMPLE_WIDTH * before.naturalHeight) / Math.max(1, before.naturalWidth)),
  );
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) return null;
  try {
    const pixelsOf = (image: HTMLImageElement) => {
      context.clearRect(0, 0, width, height);
      context.drawImage(image, 0, 0, width, height);
      return context.getImageData(0, 0, width, height).data;
    };
    return changeCentre(pixelsOf(before), pixelsOf(after), width, height);
  } catch {
    // A picture from another origin without CORS taints the canvas: open at the middle.
    return null;
  }
}
