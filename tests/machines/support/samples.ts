// Catalogue items and photos the machine tests choose from. Two of each, so a test can change a choice.
import type { PastGeneration, PhotoFile } from '../../../machines/kitchen/actors';
import type {
  CatalogueItems,
  CatalogueKind,
  FrontalPreview,
  WorktopColour,
  WorktopPreview,
} from '../../../machines/kitchen/catalogue';
import {
  keptInChoices,
  SHARED_CHOICE_STEPS,
  type StepId,
  stepLookups,
  stepOptions,
} from '../../../machines/kitchen/steps';

export const photo: PhotoFile = { name: 'kitchen.jpg', type: 'image/jpeg', size: 233_717 };

export const doorStyleGroups = ['Shaker', 'Slab'] as const;
export const finishes = ['Matt', 'Gloss'] as const;
export const frontalColourGroups = ['Greens', 'Greys'] as const;
export const frontals: readonly FrontalPreview[] = [
  {
    id: '3f1b8a52-6c1e-5d2a-9b7e-1a2b3c4d5e6f',
    colour: 'Sage',
    primary_hex: '#9CAF88',
    image_url: '/api/v1/store/swatches/r1/3f1b8a52-6c1e-5d2a-9b7e-1a2b3c4d5e6f.webp',
  },
  {
    id: '7a2c9d41-0e3f-5b6a-8c9d-2b3c4d5e6f70',
    colour: 'Anthracite',
    primary_hex: '#383E42',
    image_url: '/api/v1/store/swatches/r1/7a2c9d41-0e3f-5b6a-8c9d-2b3c4d5e6f70.webp',
  },
];
export const materials = ['Quartz', 'Solid Wood'] as const;
export const worktopColourGroups = ['Whites', 'Concrete / Slate Effect'] as const;
export const worktopColours: readonly WorktopColour[] = [
  { colour: 'Calacatta', primary_hex: '#F2EFEA' },
  { colour: 'Carrara', primary_hex: '#E8E6E1' },
];
export const worktopPreviews: readonly WorktopPreview[] = [
  { id: 'c1d2e3f4-a5b6-5c7d-8e9f-0a1b2c3d4e5f', finish: 'Polished' },
  { id: 'd2e3f4a5-b6c7-5d8e-9f0a-1b2c3d4e5f60', finish: 'Honed' },
];
export const shapes = ['l-shaped', 'galley'] as const;

/** Handle styles as the catalogue sends them: one reading (the step is skipped) or a real choice. */
export const handleStyleLists = {
  withHandleOnly: [' Handle '],
  handlelessOnly: ['HANDLELESS', 'yes'],
  both: ['handle', 'handleless'],
} as const;

/** The masks the marking tool would send: one grey PNG's worth of bytes for the fronts. */
export const surfaceMasks = {
  fronts: new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' }),
};

/** A preview's picture: one grey pixel. */
export const picture = { width: 1, height: 1, rgba: new Uint8ClampedArray([128, 128, 128, 255]) };

export const preparedPhoto = {
  dataUrl: 'data:image/jpeg;base64,/9j/2wBDAA',
  imageKey: 'sha256-of-the-photo',
};

type Lists = { [K in CatalogueKind]: CatalogueItems[K] };

/** Every catalogue list as the samples have it (the handle styles offer a real choice). */
export const catalogueItems = (handleStyles: readonly string[] = handleStyleLists.both): Lists => ({
  doorStyleGroups: [...doorStyleGroups],
  handleStyles: [...handleStyles],
  finishes: [...finishes],
  frontalColourGroups: [...frontalColourGroups],
  frontalPreviews: [...frontals],
  worktopMaterials: [...materials],
  worktopColourGroups: [...worktopColourGroups],
  worktopColours: [...worktopColours],
  worktopPreviews: [...worktopPreviews],
});

/** The spec's fixed choices the tests make where they name none: an L-shaped kitchen with an island. */
const PREFERRED: Partial<Record<StepId, string>> = { 'kitchen-shape': 'l-shaped', 'kitchen-island': 'yes' };

/** The first word of a plain catalogue choice's list (a studio's step, issue 35). */
const firstItemOf = (step: StepId, lists: Lists): string | undefined => {
  const [list] = stepLookups(step);
  const first: unknown = list && lists[list][0];
  return typeof first === 'string' ? first : undefined;
};

/**
 * The value every shared-choice step (a fixed choice, a plain catalogue choice: step-table.ts) is completed with
 * where a test names none: the preferred option, else the first (With handles, a studio's added step's first
 * option), or the first item of its list in `lists` (the samples' unless told).
 */
export const sharedChoices = (lists: Lists = catalogueItems()): Partial<Record<StepId, string>> =>
  Object.fromEntries(
    SHARED_CHOICE_STEPS.map((step) => [
      step,
      PREFERRED[step] ?? stepOptions(step)[0]?.value ?? firstItemOf(step, lists),
    ]),
  );

/** The values a complete wizard keeps in `context.choices`: the shared choices kept there (a studio's steps). */
export const firstPlainChoices = (lists?: Lists): Partial<Record<StepId, string>> =>
  Object.fromEntries(Object.entries(sharedChoices(lists)).filter(([step]) => keptInChoices(step as StepId)));

/** The user's earlier kitchens as the history lists them: one of the photo on screen, one of another photo. */
export const KITCHEN_OF_ANOTHER_PHOTO = 'elsewhere';
const pastKitchen = (id: string, photoId: string): PastGeneration => ({
  id,
  imageUrl: `/api/v1/images/${id}`,
  createdAt: '2026-11-20T10:00:00.000Z',
  source: { imageId: photoId, imageUrl: `/api/v1/images/${photoId}` },
});
export const pastKitchens = [
  pastKitchen('earlier', 'photo'),
  pastKitchen(KITCHEN_OF_ANOTHER_PHOTO, 'other-photo'),
];
/** Two kitchens the history shows were made from different photos: side by side refuses them. */
export const MIXED_PHOTO_JOB_IDS = ['earlier', KITCHEN_OF_ANOTHER_PHOTO];

/** Kitchens chosen for the side-by-side view, and what loading them answers. */
export const COMPARED_JOB_IDS = ['earlier', 'latest'];
export const comparedKitchens = COMPARED_JOB_IDS.map((id) => ({
  id,
  imageUrl: `/api/v1/images/${id}`,
  choices: [
    {
      step: 'material-preview',
      name: 'Worktop finish',
      value: id === 'earlier' ? 'honed-id' : 'polished-id',
      label: id === 'earlier' ? 'Honed' : 'Polished',
    },
  ],
}));

/** "Change one thing" from the result: the worktop's finish, and the layout. */
export const CHANGED_STEPS = ['material-preview', 'kitchen-shape'] as const;
