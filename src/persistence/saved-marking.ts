// The strokes of the visitor's saved marking, kept in this browser with the photo they were made on (issue 32):
// "Change marking" opens them again, and undo reaches back into them, instead of an empty tool. One marking is
// kept, the last photo's; forgotten with the other stores (sign-out, deletion). No zod: the first load clears
// these stores and stays free of it (D41), so what is read is checked by hand and anything odd reads as none.
import { BRUSHES, type Mark } from '../marking/brushes';
import type { KeyValueStorage } from './key-value-storage';
import { SAVED_MARKING_KEY } from './kitchen-storage';

/** More points than any visitor draws: a store that holds more is not ours. */
const MOST_NUMBERS = 200_000;

const isBrush = (value: unknown): value is Mark['brush'] => BRUSHES.some((brush) => brush === value);
const areNumbers = (value: unknown, whole: boolean): value is number[] =>
  Array.isArray(value) &&
  value.every(
    (item) => typeof item === 'number' && Number.isFinite(item) && (!whole || Number.isInteger(item)),
  );

function markOf(value: unknown): Mark | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { kind, brush, points, regions } = value as Record<string, unknown>;
  if (!isBrush(brush)) return undefined;
  if (kind === 'stroke' && areNumbers(points, false) && points.length >= 2 && points.length % 2 === 0)
    return { kind, brush, points };
  if (kind === 'regions' && areNumbers(regions, true) && regions.every((region) => region >= 0))
    return { kind, brush, regions };
  return undefined;
}

/** The marks saved for the photo `imageId`; none when another photo's, or when the store is unreadable. */
export function savedMarks(storage: KeyValueStorage, imageId: string | null): Mark[] {
  if (!imageId) return [];
  try {
    const parsed: unknown = JSON.parse(storage.getItem(SAVED_MARKING_KEY) ?? 'null');
    if (typeof parsed !== 'object' || parsed === null) return [];
    const { photo, marks } = parsed as Record<string, unknown>;
    if (photo !== imageId || !Array.isArray(marks)) return [];
    const read = marks.map(markOf);
    const numbers = read.reduce((sum, mark) => sum + (mark?.kind === 'stroke' ? mark.points.length : 0), 0);
    return read.every((mark) => mark !== undefined) && numbers <= MOST_NUMBERS ? (read as Mark[]) : [];
  } catch {
    return [];
  }
}

/** Keeps `marks` as the marking of the photo `imageId`, in place of any other. */
export function rememberMarks(storage: KeyValueStorage, imageId: string, marks: readonly Mark[]): void {
  try {
    storage.setItem(SAVED_MARKING_KEY, JSON.stringify({ photo: imageId, marks }));
  } catch {
    // Storage that is full or refused: the marking is saved on the server all the same; only its strokes are lost.
  }
}
