import { describe, expect, it } from 'vitest';
import {
  EMPTY_HISTORY,
  type MarksAction,
  marksInEffect,
  marksReducer,
} from '../../src/screens/wizard/marking/marks-history';
import { pointOnPicture, zoomStep } from '../../src/screens/wizard/marking/stage-geometry';

const run = (...actions: MarksAction[]) => actions.reduce(marksReducer, EMPTY_HISTORY);

describe('the marks history', () => {
  it('shows a stroke while it is drawn and keeps it when the pointer lifts', () => {
    const drawing = run(
      { type: 'stroke-began', brush: 'fronts', x: 10, y: 10 },
      { type: 'stroke-moved', x: 30, y: 10 },
    );
    expect(drawing.marks).toEqual([]);
    expect(marksInEffect(drawing)).toEqual([{ kind: 'stroke', brush: 'fronts', points: [10, 10, 30, 10] }]);
    const ended = marksReducer(drawing, { type: 'stroke-ended' });
    expect(ended.marks).toEqual([{ kind: 'stroke', brush: 'fronts', points: [10, 10, 30, 10] }]);
    expect(ended.drawing).toBeNull();
  });

  it('ignores a move of less than two pixels, and counts every change it keeps', () => {
    const began = run({ type: 'stroke-began', brush: 'worktop', x: 10, y: 10 });
    expect(marksReducer(began, { type: 'stroke-moved', x: 11, y: 10.5 })).toBe(began);
    expect(marksReducer(began, { type: 'stroke-moved', x: 14, y: 10 }).version).toBe(began.version + 1);
  });

  it('drops a stroke a pinch interrupts, undoes the last mark, and clears them all', () => {
    const one = run(
      { type: 'stroke-began', brush: 'fronts', x: 1, y: 1 },
      { type: 'stroke-ended' },
      { type: 'offer-accepted', brush: 'fronts', regions: [4, 5] },
      { type: 'stroke-began', brush: 'not-this', x: 9, y: 9 },
      { type: 'stroke-cancelled' },
    );
    expect(one.marks.map((mark) => mark.kind)).toEqual(['stroke', 'regions']);
    expect(marksReducer(one, { type: 'undone' }).marks).toHaveLength(1);
    const cleared = marksReducer(one, { type: 'cleared' });
    expect(marksInEffect(cleared)).toEqual([]);
    expect(cleared.version).toBeGreaterThan(one.version);
  });
});

describe('the stage geometry', () => {
  it('reads a pointer as a point of the working picture, whatever size the photo is shown at', () => {
    const box = { left: 100, top: 50, width: 600, height: 450 };
    expect(pointOnPicture(400, 275, box, 1200, 900)).toEqual([600, 450]);
    expect(pointOnPicture(0, 0, box, 1200, 900)).toEqual([0, 0]);
    expect(pointOnPicture(5000, 5000, box, 1200, 900)).toEqual([1199, 899]);
  });

  it('steps the zoom in and out between 1× and 4×', () => {
    expect(zoomStep(1, 1)).toBe(1.5);
    expect(zoomStep(2.5, 1)).toBe(3);
    expect(zoomStep(4, 1)).toBe(4);
    expect(zoomStep(1.5, -1)).toBe(1);
    expect(zoomStep(1, -1)).toBe(1);
  });
});
