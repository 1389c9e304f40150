import { describe, expect, it } from 'vitest';
import { HAND_MARKED_KITCHENS } from '../../tooling/marked-real-kitchens';
import {
  locatedObjects,
  markNaturally,
  type NaturalMarking,
  openTracedKitchen,
} from '../../tooling/real-kitchen-marking';
import { describeWithRealPhotos } from '../support/real-photos';

// Issue 32: a visitor's natural strokes (one along each run of fronts, one along each counter, no "Not this") on
// every traced real kitchen, with what the photo check locates kept as the upload's answer carries it. What is
// neither fronts nor worktop must stay the photo's own. The figures are today's, held as a floor against a
// regression (docs/benchmarks.md has each photo's, and the goals of 3% and 90% that they do not reach
// yet); the held-out photos are held to the same bounds (D77 says what was tuned after they were first measured).
// The traced doors (D121) raised the fronts' floors and moved two bounds a little the other way: kitchen-06's
// sink rim is taken with its doors, and the held-out room leak rose 0.3 points. The tops behind strokes drawn on a
// counter's face (D139) took held-out kitchen-18's island top (worktop 42% to 66%, room 6.4% to 4.9%) and with it,
// as the worktop became the nearest brush where keep still holds, 1.3 points of its tall unit's fronts (79% to 77.6%).
const EACH = { keepMarked: 0.13, keptMarked: 0.5, fronts: 0.77, worktop: 0.35 };
// The goal for the room, met on every tuning photo since a unit's unseen side holds the fronts (D159) and
// ties go to the way of small steps (D160); the held-out photos do not meet it yet (docs/benchmarks.md).
const TUNED_ROOM = 0.03;
const MEAN = { keepMarked: 0.075, fronts: 0.85, worktop: 0.6 };

describeWithRealPhotos('natural strokes on real kitchens', () => {
  for (const heldOut of [false, true]) {
    const kitchens = HAND_MARKED_KITCHENS.filter((kitchen) => kitchen.heldOut === heldOut);
    describe(heldOut ? 'held out from tuning' : 'tuned on', () => {
      const results = new Map<string, NaturalMarking>();
      for (const kitchen of kitchens)
        it(`${kitchen.name}: the room stays the photo's own, and most of each surface is marked`, async () => {
          const opened = await openTracedKitchen(kitchen, await locatedObjects(kitchen));
          if (!opened) throw new Error(`${kitchen.file} is missing`);
          const marking = markNaturally(kitchen, opened);
          results.set(kitchen.name, marking);
          expect(marking.keepMarked).toBeLessThanOrEqual(heldOut ? EACH.keepMarked : TUNED_ROOM);
          expect(marking.keptMarked).toBeLessThanOrEqual(EACH.keptMarked);
          expect(marking.recall.fronts).toBeGreaterThanOrEqual(EACH.fronts);
          expect(marking.recall.worktop).toBeGreaterThanOrEqual(EACH.worktop);
        }, 60_000);

      it('on average over these photos', () => {
        expect(results.size).toBe(kitchens.length);
        const mean = (of: (marking: NaturalMarking) => number) =>
          [...results.values()].reduce((sum, marking) => sum + of(marking), 0) / results.size;
        expect(mean((marking) => marking.keepMarked)).toBeLessThanOrEqual(MEAN.keepMarked);
        expect(mean((marking) => marking.recall.fronts)).toBeGreaterThanOrEqual(MEAN.fronts);
        expect(mean((marking) => marking.recall.worktop)).toBeGreaterThanOrEqual(MEAN.worktop);
      });
    });
  }
});
