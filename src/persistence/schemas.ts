// The shapes of what the browser keeps (spec §3), checked on every read: storage is outside our control.
import type { PersistedWizardState } from '../../machines/kitchen/context';
import { isStepId, STEP_IDS } from '../../machines/kitchen/steps';
import {
  boolean,
  type Check,
  INVALID,
  integer,
  nullable,
  number,
  object,
  oneOf,
  optional,
  record,
  string,
  unknown,
  withDefault,
} from './shape-checks';

const text = nullable(string);
const flag = nullable(boolean);
/** A field later versions added: an older store that lacks it reads as null. */
const addedText = withDefault(text, null);

const moderationVerdict = object({ isSafe: boolean, timestamp: number, expiresAt: number });

/** A check per persisted field, typed by the wizard state: a field without one does not compile. */
type WizardShape = { [K in keyof PersistedWizardState]-?: Check<PersistedWizardState[K]> };

/** The plain-choice steps' options by step id (added in store version 5; older stores read as none). */
const stepChoices: Check<PersistedWizardState['choices']> = (value) => {
  const read = withDefault(record(string), {})(value);
  if (read === INVALID) return INVALID;
  return Object.fromEntries(Object.entries(read).filter(([step]) => isStepId(step)));
};

const wizardShape: WizardShape = {
  inputImageDataUrl: text,
  inputImageId: addedText,
  inputImageKey: addedText,
  lastGeneratedImageDataUrl: text,
  lastGenerationProvider: addedText,
  lastLayoutSketchUrl: addedText,
  emptyRoomId: text,
  currentStep: oneOf(STEP_IDS),
  moderationPassed: flag,
  moderationCache: record(moderationVerdict),
  // Added with marking (issue 22): an older store reads as undecided.
  photoMarking: withDefault(nullable(oneOf(['marked', 'skipped'] as const)), null),
  selectedDesign: text,
  selectedDesignImage: text,
  selectedStyle: text,
  selectedColor: text,
  hasIsland: flag,
  selectedShape: text,
  choices: stepChoices,
  // Added with the live preview's "Generate again" note (D117): an older store reads as no kitchen to compare.
  lastKitchenKey: addedText,
};

export const wizardStateSchema = object(wizardShape);

const frontalPreview = object({ id: string, colour: string, primary_hex: string, image_url: string });

export const frontalsSchema = object({
  doorStyleGroup: text,
  isHandleless: flag,
  finish: text,
  colorGroup: text,
  selectedFrontalId: text,
  selectedFrontalPreview: nullable(frontalPreview),
});

export const worktopsSchema = object({
  selectedWorktopId: text,
  selectedWorktopPreview: nullable(object({ id: string, finish: string })),
  material: text,
  colourGroup: text,
  colour: text,
  selectedColourPreview: nullable(
    object({ colour: string, primary_hex: optional(string), image_url: optional(string) }),
  ),
});

/** Each store is kept as `{ state, version }`, the envelope the product's earlier versions wrote. */
export const envelopeSchema = object({ state: record(unknown), version: integer });
