import { describe, expect, it } from 'vitest';
import type { Mark } from '../../src/marking/brushes';
import { MarkingSession } from '../../src/marking/marking-session';
import { drawnPicture, drawnPlane } from './drawn-pictures';

// Issue 32, item 3: a look-alike offer is shaped like what a kitchen is made of. Three white doors with dark gaps
// round them hang on a wall of the same white; a stroke on one door offers the other two, never the wall, which
// looks just as alike but runs off the photo's edge and is the size of a room's surface.
const WIDTH = 320;
const HEIGHT = 200;
const doorAt = (x: number, y: number) => {
  if (y < 60 || y >= 150) return undefined;
  for (const left of [30, 130, 230]) {
    if (x < left - 2 || x >= left + 62) continue;
    const gap = x < left || x >= left + 60 || y < 62 || y >= 148;
    return gap ? 'gap' : 'door';
  }
  return undefined;
};
const picture = drawnPicture(WIDTH, HEIGHT, (x, y) => {
  const part = doorAt(x, y);
  if (part === 'gap') return [70, 70, 72];
  return part === 'door' ? [236, 236, 232] : [234, 234, 230];
});
const otherDoors = drawnPlane(WIDTH, HEIGHT, (x, y) => x >= 130 && doorAt(x, y) === 'door');
const wall = drawnPlane(WIDTH, HEIGHT, (x, y) => doorAt(x, y) === undefined);
const stroke: Mark = { kind: 'stroke', brush: 'fronts', points: [40, 100, 80, 110] };

describe('look-alike offers', () => {
  const session = new MarkingSession(picture, { regions: 400 });
  const { lookAlikes } = session.mark([stroke]);
  const offered = new Set(lookAlikes.regions);
  const share = (plane: Uint8Array) => {
    let inside = 0;
    let taken = 0;
    plane.forEach((isIn, pixel) => {
      if (isIn === 0) return;
      inside++;
      if (offered.has(session.superpixels.labels[pixel] ?? -1)) taken++;
    });
    return taken / inside;
  };

  it('offers the doors that look like the one stroked, as separate areas', () => {
    expect(lookAlikes.brush).toBe('fronts');
    expect(lookAlikes.areas).toBe(2);
    expect(share(otherDoors)).toBeGreaterThan(0.8);
  });

  it('never offers the wall of the same white, which runs off the photo', () => {
    expect(share(wall)).toBeLessThan(0.02);
  });
});
