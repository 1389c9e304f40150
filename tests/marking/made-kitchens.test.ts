import { describe, expect, it } from 'vitest';
import { MarkingSession } from '../../src/marking/marking-session';
import { KITCHENS_TO_MARK, kitchenToMark } from '../../tooling/known-kitchen-marking';
import { markUntil } from '../../tooling/marking-visitor';

// Issue 22, item 6: strokes simulated on kitchens the renderer drew with known masks give IoU ≥ 0.9 for the
// fronts and ≥ 0.85 for the worktop within a stated number of moves (a stroke, or one tap accepting the
// look-alikes on offer). White fronts on a white wall need "Not this" strokes, as the issue measured; coloured
// fronts take a handful.
const GOAL = { fronts: 0.9, worktop: 0.85 };
const MOVES_ALLOWED: Readonly<Record<string, number>> = {
  'white Shaker, oak laminate, L-shape with island': 20,
  'navy Shaker, Carrara quartz, L-shape with island': 10,
  'sage Shaker, black granite, U-shape': 8,
};

describe('marking made kitchens with a simulated visitor', () => {
  for (const { name, options } of KITCHENS_TO_MARK) {
    const allowed = MOVES_ALLOWED[name] ?? 0;
    it(`reaches IoU ${GOAL.fronts} fronts and ${GOAL.worktop} worktop within ${allowed} moves: ${name}`, async () => {
      const { picture, truth } = await kitchenToMark(name, options);
      const session = new MarkingSession(picture);
      expect(session.graph.count).toBeGreaterThan(3000);
      expect(session.graph.count).toBeLessThan(5000);
      const moves = markUntil(session, truth, GOAL, allowed);
      const last = moves.at(-1)?.iou;
      expect(last?.fronts).toBeGreaterThanOrEqual(GOAL.fronts);
      expect(last?.worktop).toBeGreaterThanOrEqual(GOAL.worktop);
      expect(moves.length).toBeLessThanOrEqual(allowed);
      // Drawing the kitchen and up to 20 growths at 1200 px: a few seconds, more on a loaded machine.
    }, 90_000);
  }
});
