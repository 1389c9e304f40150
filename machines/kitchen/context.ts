// Everything the kitchen statechart remembers. The first group is the wizard state of spec §3
// (create-kitchen-storage); flags the spec stores (isModerating, isProcessingImage) are read from the state
// value instead, so they cannot disagree with it.

import type { WizardStepId as StepId } from '../../contract/wizard-steps';
import type { AccessDenialReason } from './account';
import type {
  ComparedKitchen,
  GenerationRefusal,
  GenerationStage,
  KitchenCheck,
  PastGeneration,
  PhotoFile,
  PreviewChild,
  SessionDays,
  SurfaceMaskUploads,
} from './actors';
import { emptyCatalogue, type LoadedCatalogue } from './catalogue';
import type { ModerationCache } from './moderation-cache';
import { emptyFrontals, emptyWorktops, type FrontalsSelection, type WorktopsSelection } from './selections';

/**
 * Whether the visitor marked the surfaces that will change on the photo (issue 22): `marked` once the masks are
 * stored with the photo, `skipped` when they chose not to, null while undecided (a new photo starts undecided).
 */
export type PhotoMarking = 'marked' | 'skipped' | null;

export interface WizardState {
  file: PhotoFile | null;
  inputImageDataUrl: string | null;
  /** The server's id for the uploaded photo (added to the spec's fields: generation reuses the upload). */
  inputImageId: string | null;
  /** The moderation cache key of the photo (its SHA-256). */
  inputImageKey: string | null;
  lastGeneratedImageDataUrl: string | null;
  /** Which provider made the last image (`local` is the offline concept renderer); added to the spec's fields. */
  lastGenerationProvider: string | null;
  /**
   * Where the last kitchen's layout sketch is (issue 22): a recolour of the photo cannot show the layout and island,
   * so the concept drawing shows them beside it, labelled as a sketch; null when the result has none.
   */
  lastLayoutSketchUrl: string | null;
  emptyRoomId: string | null;
  currentStep: StepId;
  moderationPassed: boolean | null;
  moderationCache: ModerationCache;
  /** Added to the spec's fields: whether the photo's surfaces were marked (issue 22). */
  photoMarking: PhotoMarking;
  /** The chosen door-style group (DESIGN D2) and its picture. */
  selectedDesign: string | null;
  selectedDesignImage: string | null;
  selectedStyle: string | null;
  selectedColor: string | null;
  hasIsland: boolean | null;
  selectedShape: string | null;
  /** The option chosen on each plain-choice step (step-table.ts), by step id; added to the spec's fields. */
  choices: Partial<Record<StepId, string>>;
  /**
   * What the latest kitchen was made from (preview.ts, `kitchenKeyOf`), so the result page can say when Generate
   * again would make the same picture (D95); null before a kitchen is made, and once the photo or its marking
   * changes. Added to the spec's fields (D117): kept with the picture, so the note survives a reload.
   */
  lastKitchenKey: string | null;
}

export interface KitchenContext extends WizardState {
  frontals: FrontalsSelection;
  worktops: WorktopsSelection;
  userId: number | null;
  remainingGenerations: number | null;
  catalogue: LoadedCatalogue;
  /** The server's "is it a kitchen?" check of the photo; null until checked, or when it did not check. */
  kitchenCheck: KitchenCheck | null;
  /** The message the error screen shows; null when there is no error. */
  error: string | null;
  /** Why saving the marked surfaces failed, shown in the marking tool; null otherwise. */
  markingError: string | null;
  generationStage: GenerationStage | null;
  /** Why the service last refused a generation, while Generate waits (the `generationGate` region). */
  generationRefusal: (GenerationRefusal & { message: string }) | null;
  /** How many days the service keeps photos and kitchens (from the authorisation); null until known. */
  imageRetentionDays: number | null;
  /** How long the server keeps a session (from the authorisation), for the privacy page; null until known. */
  sessionDays: SessionDays | null;
  /** How many markings were saved in this page: the live preview opens the photo again for a new one (issue 33). */
  markingsSaved: number;
  /**
   * The masks of the marking saved in this page, as the marking tool made them (D105): the preview opens them
   * without a round trip. Never persisted (Blobs); null after a reload, for a new photo, or when not marked.
   */
  markedMasks: SurfaceMaskUploads | null;
  /** The live preview of the visitor's kitchen (issue 33): its actor and the key it paints; null without marking. */
  preview: PreviewChild | null;
  /** The user's earlier kitchens, newest first, as the result page shows them. */
  generationHistory: PastGeneration[];
  /** How the address bar follows the next route: a user's move adds an entry, a redirect replaces it. */
  navigation: 'push' | 'replace';
  /** Which way the user is moving through the wizard; the handles auto-skip continues that way. */
  direction: 'forward' | 'backward';
  /**
   * The user came from the result page's "Change" (issue 25): Next leads back to the review of all choices once
   * every choice is made, instead of through every later step. Cleared by the result page and by a generation.
   */
  changingOneThing: boolean;
  /** An earlier kitchen from the history opened on the result page (its job id); null: the latest one. */
  openedKitchenId: string | null;
  /** The kitchens chosen for the side-by-side view (2 to 4), and their choices once loaded; null: not comparing. */
  comparison: { jobIds: string[]; kitchens: ComparedKitchen[] } | null;
  /** The user has a passkey (the `account` region's member state). */
  isAccount: boolean;
  /** Why `/access-denied` is on screen; null until access is denied. */
  accessDenial: AccessDenialReason | null;
  /** The last passkey ceremony's failure, in the user's words; null otherwise. */
  accountError: string | null;
}

/** The wizard state as the browser keeps it: every field but the file itself (spec §3). */
export type PersistedWizardState = Omit<WizardState, 'file'>;

/** What survives a reload: the three stores of spec §3. */
export interface PersistedSelections {
  wizard: Partial<WizardState>;
  frontals: Partial<FrontalsSelection>;
  worktops: Partial<WorktopsSelection>;
}

export interface KitchenInput {
  userId: number | null;
  restored?: PersistedSelections;
}

export const initialWizardState = (): WizardState => ({
  file: null,
  inputImageDataUrl: null,
  inputImageId: null,
  inputImageKey: null,
  lastGeneratedImageDataUrl: null,
  lastGenerationProvider: null,
  lastLayoutSketchUrl: null,
  emptyRoomId: null,
  currentStep: 'upload-image',
  moderationPassed: null,
  moderationCache: {},
  photoMarking: null,
  selectedDesign: null,
  selectedDesignImage: null,
  selectedStyle: null,
  selectedColor: null,
  hasIsland: null,
  selectedShape: null,
  choices: {},
  lastKitchenKey: null,
});

export const initialContext = (input: KitchenInput): KitchenContext => ({
  ...initialWizardState(),
  ...input.restored?.wizard,
  frontals: { ...emptyFrontals(), ...input.restored?.frontals },
  worktops: { ...emptyWorktops(), ...input.restored?.worktops },
  userId: input.userId,
  remainingGenerations: null,
  catalogue: emptyCatalogue(),
  kitchenCheck: null,
  error: null,
  markingError: null,
  generationStage: null,
  generationRefusal: null,
  imageRetentionDays: null,
  sessionDays: null,
  markingsSaved: 0,
  markedMasks: null,
  preview: null,
  generationHistory: [],
  navigation: 'replace',
  direction: 'forward',
  changingOneThing: false,
  openedKitchenId: null,
  comparison: null,
  isAccount: false,
  accessDenial: null,
  accountError: null,
});
