// Persistence of the wizard in the browser (spec §3): the spec's keys and version, what is left out,
// migrations from versions 1 to 4, and storage that cannot be read, which reads as empty and never stops the app.
import { describe, expect, it } from 'vitest';
import {
  initialContext,
  initialWizardState,
  type KitchenContext,
  type PersistedWizardState,
} from '../../machines/kitchen/context';
import type { KeyValueStorage } from '../../src/persistence/key-value-storage';
import {
  loadSelections,
  STORAGE_KEYS,
  STORAGE_OWNER_KEY,
  saveSelections,
  WIZARD_STORAGE_VERSION,
} from '../../src/persistence/kitchen-storage';

/** An in-memory Storage with the browser's quota behaviour: a write past `capacity` characters throws. */
class MemoryStorage implements KeyValueStorage {
  readonly items = new Map<string, string>();
  constructor(private readonly capacity = 5_000_000) {}
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    const used = [...this.items].reduce((sum, [k, v]) => (k === key ? sum : sum + k.length + v.length), 0);
    if (used + key.length + value.length > this.capacity) {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    }
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

const chosen = (): KitchenContext => ({
  ...initialContext({ userId: 7 }),
  file: { name: 'kitchen.jpg', type: 'image/jpeg', size: 1234 },
  inputImageDataUrl: 'data:image/jpeg;base64,/9j/AAAA',
  moderationPassed: true,
  currentStep: 'material',
  selectedDesign: 'Shaker',
  hasIsland: true,
  selectedShape: 'galley',
  frontals: {
    doorStyleGroup: 'Shaker',
    isHandleless: false,
    finish: 'Matt',
    colorGroup: 'Greens',
    selectedFrontalId: '3f1b8a52-6c1e-5d2a-9b7e-1a2b3c4d5e6f',
    selectedFrontalPreview: {
      id: '3f1b8a52-6c1e-5d2a-9b7e-1a2b3c4d5e6f',
      colour: 'Sage',
      primary_hex: '#9CAF88',
      image_url: '/s.webp',
    },
  },
  worktops: {
    selectedWorktopId: null,
    selectedWorktopPreview: null,
    material: 'Quartz',
    colourGroup: null,
    colour: null,
    selectedColourPreview: null,
  },
});

/**
 * Every persisted field with a value other than its initial one. Typed by the wizard state: a field added to it
 * does not compile here until it has a value, and the round trip below then proves it is saved and restored.
 */
const EVERY_FIELD_CHANGED: PersistedWizardState = {
  inputImageDataUrl: 'data:image/jpeg;base64,/9j/AAAA',
  inputImageId: '5a0e4b8f-1c2d-4e3f-9a8b-7c6d5e4f3a21',
  inputImageKey: 'ab'.repeat(32),
  lastGeneratedImageDataUrl: '/api/v1/images/result',
  lastGenerationProvider: 'local',
  lastLayoutSketchUrl: '/api/v1/kitchen/jobs/5d6e7f80-91a2-4b3c-8d4e-5f6a7b8c9d0f/layout-sketch',
  emptyRoomId: '5d6e7f80-91a2-4b3c-8d4e-5f6a7b8c9d0e',
  currentStep: 'kitchen-shape',
  moderationPassed: true,
  moderationCache: { [`${'ab'.repeat(32)}`]: { isSafe: true, timestamp: 1, expiresAt: Date.now() + 60_000 } },
  photoMarking: 'marked',
  selectedDesign: 'Shaker',
  selectedDesignImage: '/design.webp',
  selectedStyle: 'modern',
  selectedColor: '#9CAF88',
  hasIsland: false,
  selectedShape: 'galley',
  choices: { 'kitchen-shape': 'galley' },
  lastKitchenKey: '["5a0e4b8f-1c2d-4e3f-9a8b-7c6d5e4f3a21","marked",{}]',
};

const stored = (storage: MemoryStorage, key: string) => JSON.parse(storage.getItem(key) ?? 'null');

describe('persistence', () => {
  it('writes create-kitchen-storage at version 5, frontals-store and worktops-store', () => {
    const storage = new MemoryStorage();
    expect(saveSelections(storage, chosen())).toBe('saved');
    expect(STORAGE_KEYS).toEqual({
      wizard: 'create-kitchen-storage',
      frontals: 'frontals-store',
      worktops: 'worktops-store',
    });
    expect(stored(storage, 'create-kitchen-storage').version).toBe(5);
    expect(stored(storage, 'frontals-store').state.finish).toBe('Matt');
    expect(stored(storage, 'worktops-store').state.material).toBe('Quartz');
  });

  it('leaves out the file itself and the in-progress flags', () => {
    const storage = new MemoryStorage();
    saveSelections(storage, chosen());
    const { state } = stored(storage, 'create-kitchen-storage');
    expect(state).not.toHaveProperty('file');
    expect(state).not.toHaveProperty('isModerating');
    expect(state).not.toHaveProperty('isProcessingImage');
    expect(state).toMatchObject({ currentStep: 'material', moderationPassed: true, selectedShape: 'galley' });
  });

  it('saves and restores every field of the wizard state but the file, each one changed from its start', () => {
    const storage = new MemoryStorage();
    saveSelections(storage, { ...chosen(), ...EVERY_FIELD_CHANGED });
    const { wizard } = loadSelections(storage);
    const { file: _notStored, ...initial } = initialWizardState();
    for (const field of Object.keys(initial) as (keyof PersistedWizardState)[]) {
      expect(EVERY_FIELD_CHANGED[field], `${field} changed in the sample`).not.toEqual(initial[field]);
      expect(wizard[field], `${field} restored`).toEqual(EVERY_FIELD_CHANGED[field]);
    }
    expect(stored(storage, 'create-kitchen-storage').state).not.toHaveProperty('file');
  });

  it('restores a plain choice only for a step the table has', () => {
    const storage = new MemoryStorage();
    storage.setItem(
      STORAGE_KEYS.wizard,
      JSON.stringify({
        version: 5,
        state: { ...EVERY_FIELD_CHANGED, choices: { design: 'x', nowhere: 'y' } },
      }),
    );
    expect(loadSelections(storage).wizard.choices).toEqual({ design: 'x' });
  });

  it('reads back what it wrote', () => {
    const storage = new MemoryStorage();
    saveSelections(storage, chosen());
    const restored = loadSelections(storage);
    expect(restored.wizard).toMatchObject({
      selectedDesign: 'Shaker',
      hasIsland: true,
      currentStep: 'material',
    });
    expect(restored.frontals).toEqual(chosen().frontals);
    expect(restored.worktops).toEqual(chosen().worktops);
  });

  it('forgets the stores when the page is booted for another user (their data deleted elsewhere)', () => {
    const storage = new MemoryStorage();
    saveSelections(storage, chosen());
    expect(loadSelections(storage, 7).wizard).toMatchObject({ selectedDesign: 'Shaker' });
    expect(loadSelections(storage, 8)).toEqual({ wizard: {}, frontals: {}, worktops: {} });
    expect([...storage.items.keys()]).toEqual([]);
    // Nothing to forget without an owner on either side: stores from before owners were kept, or no boot user.
    saveSelections(storage, chosen());
    expect(loadSelections(storage, null).wizard).toMatchObject({ selectedDesign: 'Shaker' });
    storage.removeItem(STORAGE_OWNER_KEY);
    expect(loadSelections(storage, 8).wizard).toMatchObject({ selectedDesign: 'Shaker' });
  });

  it.each([1, 2, 3, 4])('migrates version %i by adding the newer fields as null', (version) => {
    const storage = new MemoryStorage();
    storage.setItem(
      'create-kitchen-storage',
      JSON.stringify({
        version,
        state: { currentStep: 'design', selectedDesign: 'Slab', inputImageDataUrl: null },
      }),
    );
    expect(loadSelections(storage).wizard).toMatchObject({
      currentStep: 'design',
      selectedDesign: 'Slab',
      hasIsland: null,
      selectedShape: null,
      emptyRoomId: null,
      moderationPassed: null,
      moderationCache: {},
    });
  });

  it("reads a version 5 store written before the latest kitchen's key was kept (D117) as having none", () => {
    const storage = new MemoryStorage();
    const { lastKitchenKey: _notYetKept, ...before } = EVERY_FIELD_CHANGED;
    storage.setItem(STORAGE_KEYS.wizard, JSON.stringify({ version: 5, state: before }));
    const { wizard } = loadSelections(storage);
    expect(wizard).toMatchObject({ ...before, lastKitchenKey: null });
  });

  it.each([
    ['not JSON', '{"state":'],
    ['an unknown version', JSON.stringify({ version: 6, state: {} })],
    ['version 0', JSON.stringify({ version: 0, state: {} })],
    ['the wrong shape', JSON.stringify({ version: 5, state: { currentStep: 'nowhere' } })],
    ['a wrong field type', JSON.stringify({ version: 5, state: { hasIsland: 'yes' } })],
    ['no envelope', JSON.stringify(['a'])],
  ])('reads storage holding %s as empty', (_, raw) => {
    const storage = new MemoryStorage();
    storage.setItem('create-kitchen-storage', raw);
    storage.setItem('frontals-store', raw);
    expect(loadSelections(storage)).toEqual({ wizard: {}, frontals: {}, worktops: {} });
  });

  it('reads storage that throws on access as empty', () => {
    const throwing: KeyValueStorage = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      setItem: () => {},
      removeItem: () => {},
    };
    expect(loadSelections(throwing)).toEqual({ wizard: {}, frontals: {}, worktops: {} });
  });

  it('keeps every choice when a 48 MP photo does not fit: the photos are dropped, never the selections', () => {
    const storage = new MemoryStorage(200_000);
    const huge = { ...chosen(), inputImageDataUrl: `data:image/jpeg;base64,${'A'.repeat(300_000)}` };
    expect(saveSelections(storage, huge)).toBe('saved-without-photos');
    const restored = loadSelections(storage);
    expect(restored.wizard).toMatchObject({
      inputImageDataUrl: null,
      selectedDesign: 'Shaker',
      selectedShape: 'galley',
    });
    expect(restored.frontals).toEqual(chosen().frontals);
  });

  it('makes room for the selections when an older large photo fills the storage', () => {
    const storage = new MemoryStorage(200_000);
    storage.setItem(
      'create-kitchen-storage',
      JSON.stringify({ version: WIZARD_STORAGE_VERSION, state: { pad: 'A'.repeat(199_000) } }),
    );
    expect(saveSelections(storage, chosen())).not.toBe('failed');
    expect(loadSelections(storage).frontals).toEqual(chosen().frontals);
  });
});
