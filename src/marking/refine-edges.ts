// Pixel-level clean-up near the borders between labels. A superpixel that straddles a door's edge is all one
// label after the growth; here each pixel within `radius` of a label change takes the label of the neighbouring
// superpixel whose colour it is nearest, then a 3 × 3 majority smooths the ragged line that leaves.
import { labDistanceSquared } from './colour-lab';
import type { LabPicture } from './pixels';
import type { RegionGraph } from './region-graph';
import type { Superpixels } from './slic';

/** The superpixels' labels painted onto their pixels. */
export function paintLabels({ labels }: Superpixels, regionLabels: Uint8Array): Uint8Array {
  const painted = new Uint8Array(labels.length);
  for (let pixel = 0; pixel < labels.length; pixel++) painted[pixel] = regionLabels[labels[pixel] ?? 0] ?? 0;
  return painted;
}

/** Every pixel within `radius` (a square) of a change of label. */
export function borderBand(painted: Uint8Array, width: number, height: number, radius: number): Uint8Array {
  const band = new Uint8Array(painted.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const pixel = y * width + x;
      const label = painted[pixel];
      const changes =
        (x + 1 < width && painted[pixel + 1] !== label) ||
        (y + 1 < height && painted[pixel + width] !== label);
      if (!changes) continue;
      for (let by = Math.max(0, y - radius); by <= Math.min(height - 1, y + radius); by++)
        band.fill(1, by * width + Math.max(0, x - radius), by * width + Math.min(width - 1, x + radius) + 1);
    }
  }
  return band;
}

export function refineEdges(
  picture: LabPicture,
  superpixels: Superpixels,
  graph: RegionGraph,
  regionLabels: Uint8Array,
  radius: number,
): Uint8Array {
  const { width, height, lab } = picture;
  const painted = paintLabels(superpixels, regionLabels);
  const band = borderBand(painted, width, height, radius);
  const refined = painted.slice();
  const { start, neighbours, colour } = graph;
  for (let pixel = 0; pixel < painted.length; pixel++) {
    if (band[pixel] === 0) continue;
    const own = superpixels.labels[pixel] ?? 0;
    let best = labDistanceSquared(lab, pixel, colour, own);
    let bestLabel = regionLabels[own] ?? 0;
    for (let at = start[own] ?? 0, end = start[own + 1] ?? 0; at < end; at++) {
      const next = neighbours[at] ?? 0;
      const distance = labDistanceSquared(lab, pixel, colour, next);
      if (distance < best) {
        best = distance;
        bestLabel = regionLabels[next] ?? 0;
      }
    }
    refined[pixel] = bestLabel;
  }
  return majorityInBand(refined, band, width, height);
}

/** Each band pixel takes the label most of its 3 × 3 neighbourhood has (its own on a tie). */
function majorityInBand(labels: Uint8Array, band: Uint8Array, width: number, height: number): Uint8Array {
  const smoothed = labels.slice();
  const votes = new Uint8Array(256);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const pixel = y * width + x;
      if (band[pixel] === 0) continue;
      const seen: number[] = [];
      for (let dy = -1; dy <= 1; dy++) {
        const ny = y + dy;
        if (ny < 0 || ny >= height) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          if (nx < 0 || nx >= width) continue;
          const label = labels[ny * width + nx] ?? 0;
          if (votes[label] === 0) seen.push(label);
          votes[label] = (votes[label] ?? 0) + 1;
        }
      }
      let winner = labels[pixel] ?? 0;
      for (const label of seen) {
        if ((votes[label] ?? 0) > (votes[winner] ?? 0)) winner = label;
      }
      for (const label of seen) votes[label] = 0;
      smoothed[pixel] = winner;
    }
  }
  return smoothed;
}
