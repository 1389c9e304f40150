import { describe, expect, it } from 'vitest';
import type { Mark } from '../../src/marking/brushes';
import { clearSelections, SAVED_MARKING_KEY } from '../../src/persistence/kitchen-storage';
import { rememberMarks, savedMarks } from '../../src/persistence/saved-marking';

// Issue 32, item 5: "Change marking" opens the saved strokes. They are kept with their photo's id; another photo,
// a damaged store or storage that refuses all read as no marks, never as an error.
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
    clear: () => items.clear(),
    key: (index) => [...items.keys()][index] ?? null,
    get length() {
      return items.size;
    },
  };
}

const MARKS: Mark[] = [
  { kind: 'stroke', brush: 'fronts', points: [10, 20, 30, 40.5] },
  { kind: 'regions', brush: 'worktop', regions: [3, 4, 5] },
  { kind: 'stroke', brush: 'not-this', points: [7, 8] },
];

describe('the saved marking', () => {
  it('opens the marks saved on the same photo, and none for another photo', () => {
    const storage = memoryStorage();
    rememberMarks(storage, 'photo-1', MARKS);
    expect(savedMarks(storage, 'photo-1')).toEqual(MARKS);
    expect(savedMarks(storage, 'photo-2')).toEqual([]);
    expect(savedMarks(storage, null)).toEqual([]);
  });

  it('reads a damaged store as no marks', () => {
    const storage = memoryStorage();
    for (const damaged of [
      '{not json',
      '[]',
      JSON.stringify({ photo: 'photo-1', marks: 'strokes' }),
      JSON.stringify({ photo: 'photo-1', marks: [{ kind: 'stroke', brush: 'paint', points: [1, 2] }] }),
      JSON.stringify({ photo: 'photo-1', marks: [{ kind: 'stroke', brush: 'fronts', points: [1, 2, 3] }] }),
      JSON.stringify({ photo: 'photo-1', marks: [{ kind: 'regions', brush: 'fronts', regions: [-1] }] }),
      JSON.stringify({ photo: 'photo-1', marks: [{ kind: 'stroke', brush: 'fronts', points: [1, null] }] }),
    ]) {
      storage.setItem(SAVED_MARKING_KEY, damaged);
      expect(savedMarks(storage, 'photo-1')).toEqual([]);
    }
  });

  it('survives storage that refuses, and is forgotten with the other stores', () => {
    const refusing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('full');
      },
      removeItem: () => undefined,
    };
    expect(() => rememberMarks(refusing, 'photo-1', MARKS)).not.toThrow();
    expect(savedMarks(refusing, 'photo-1')).toEqual([]);
    const storage = memoryStorage();
    rememberMarks(storage, 'photo-1', MARKS);
    clearSelections(storage);
    expect(storage.getItem(SAVED_MARKING_KEY)).toBeNull();
  });
});
