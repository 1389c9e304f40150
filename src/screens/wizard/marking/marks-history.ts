// The visitor's marks as an undoable list, and the stroke being drawn. A stroke joins the list when the pointer
// lifts; a pinch that starts mid-stroke cancels it. Undo takes back the last mark, whether stroke or offer.
import type { Brush, Mark } from '../../../marking/brushes';

export interface MarksHistory {
  readonly marks: readonly Mark[];
  readonly drawing: (Mark & { kind: 'stroke' }) | null;
  /** Counts every change, so a list of marks can be told from an earlier one with the same length. */
  readonly version: number;
}

export type MarksAction =
  | { type: 'stroke-began'; brush: Brush; x: number; y: number }
  | { type: 'stroke-moved'; x: number; y: number }
  | { type: 'stroke-ended' }
  | { type: 'stroke-cancelled' }
  | { type: 'offer-accepted'; brush: Brush; regions: readonly number[] }
  | { type: 'undone' }
  | { type: 'cleared' }
  /** The marks of a saved marking, opened again to change it. */
  | { type: 'restored'; marks: readonly Mark[] };

export const EMPTY_HISTORY: MarksHistory = { marks: [], drawing: null, version: 0 };

/** Points closer than this (working pixels) to the last one add nothing but work. */
const MIN_STEP = 2;

export function marksReducer(history: MarksHistory, action: MarksAction): MarksHistory {
  const next = changed(history, action);
  return next === history ? history : { ...next, version: history.version + 1 };
}

function changed(history: MarksHistory, action: MarksAction): Omit<MarksHistory, 'version'> | MarksHistory {
  switch (action.type) {
    case 'stroke-began':
      return { ...history, drawing: { kind: 'stroke', brush: action.brush, points: [action.x, action.y] } };
    case 'stroke-moved': {
      const { drawing } = history;
      if (!drawing) return history;
      const { points } = drawing;
      const lastX = points[points.length - 2] ?? action.x;
      const lastY = points[points.length - 1] ?? action.y;
      if (Math.hypot(action.x - lastX, action.y - lastY) < MIN_STEP) return history;
      return { ...history, drawing: { ...drawing, points: [...points, action.x, action.y] } };
    }
    case 'stroke-ended':
      return history.drawing ? { marks: [...history.marks, history.drawing], drawing: null } : history;
    case 'stroke-cancelled':
      return { ...history, drawing: null };
    case 'offer-accepted':
      return {
        marks: [...history.marks, { kind: 'regions', brush: action.brush, regions: action.regions }],
        drawing: null,
      };
    case 'undone':
      return { marks: history.marks.slice(0, -1), drawing: null };
    case 'cleared':
      return { marks: [], drawing: null };
    case 'restored':
      return { marks: action.marks, drawing: null };
  }
}

/** The marks the overlay should show: the list, and the stroke under the finger as it is drawn. */
export const marksInEffect = ({ marks, drawing }: MarksHistory): readonly Mark[] =>
  drawing ? [...marks, drawing] : marks;
