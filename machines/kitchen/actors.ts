// The server calls the statechart invokes, declared by their input and output only. The app provides the
// real implementations with `machine.provide({ actors })`; tests provide fakes. Until provided, each rejects.
import { type ActorRefFrom, fromPromise } from 'xstate';
import type { ChosenOption, NamedChoice } from '../../contract/wizard-steps';
import type { AccountOutput } from './account';
import type {
  CatalogueRequest,
  CatalogueResult,
  FrontalPreview,
  WorktopColour,
  WorktopPreview,
} from './catalogue';

/** The chosen photo as the machine sees it; a browser `File` fits this shape. */
export interface PhotoFile {
  name: string;
  type: string;
  size: number;
}

export const GENERATION_STAGES = ['queued', 'preparing', 'rendering', 'finishing'] as const;
export type GenerationStage = (typeof GENERATION_STAGES)[number];

export interface AuthorizeUserInput {
  userId: number;
}
export interface AuthorizeUserOutput {
  remainingGenerations: number | null;
  /** How many days the service keeps photos and kitchens; null when it did not say. */
  imageRetentionDays: number | null;
  /** How long a session lasts without a visit, and at most, in days; absent or null when it did not say. */
  sessionDays?: SessionDays | null;
  /** Whether the user has saved their kitchens with a passkey; absent means a guest. */
  isAccount?: boolean;
}
export interface SessionDays {
  idle: number;
  max: number;
}

export interface PreparePhotoInput {
  file: PhotoFile | null;
}
export interface PreparedPhoto {
  /** The photo, converted and downscaled, as a data URL the browser can store and show. */
  dataUrl: string;
  /** The moderation cache key: the SHA-256 of the prepared photo. */
  imageKey: string;
}

export interface ValidateImageInput {
  dataUrl: string | null;
}
/** Whether the photo looks like a kitchen: the server's soft check (issue 22), never a refusal. */
export interface KitchenCheck {
  looksLikeKitchen: boolean;
  /** The kitchen objects seen (refrigerator, oven, microwave, sink, toaster). */
  found: string[];
  /** Things located that marking keeps the photo's own (x0, y0, x1, y1 as fractions of the photo). */
  objects?: { label: string; box: [number, number, number, number] }[];
}
export interface ImageVerdict {
  isSafe: boolean;
  imageId: string | null;
  /** Absent when the server did not check (no detector there). */
  kitchenCheck?: KitchenCheck;
}

/**
 * The masks the marking tool made, by surface name (`fronts`, `worktop`), each a grey PNG at the stored photo's
 * size; a surface not marked is absent.
 */
export type SurfaceMaskUploads = Readonly<Record<string, Blob>>;
export interface SaveSurfaceMasksInput {
  /** The server's id for the photo; null when its verdict came from the moderation cache (nothing uploaded yet). */
  imageId: string | null;
  /** The photo itself, uploaded first when it has no id yet. */
  imageDataUrl: string | null;
  masks: SurfaceMaskUploads;
}
export interface SavedSurfaceMasks {
  /** The photo the masks are stored with: the generation must use this id to find them. */
  imageId: string;
  /** The surfaces the server now holds a mask of. */
  surfaces: string[];
  /**
   * The masks just stored, as the browser already holds them: the live preview opens these rather than fetching
   * them back from the server (D105). Absent where the host keeps none (the preview then fetches them).
   */
  masks?: SurfaceMaskUploads;
}

/** Every choice a generation needs. */
export interface KitchenConfiguration {
  doorStyleGroup: string;
  isHandleless: boolean;
  finish: string;
  frontalColourGroup: string;
  frontal: FrontalPreview;
  material: string;
  worktopColourGroup: string;
  worktopColour: WorktopColour;
  worktop: WorktopPreview;
  shape: string;
  hasIsland: boolean;
  /** Every step's chosen option, in step order: how a step added to the table reaches the generation (D40). */
  choices: ChosenOption[];
}

/** The machine itself, as far as a generation needs it: to report the stages it goes through. */
export interface StageListener {
  send: (event: { type: 'GENERATION.STAGE'; stage: GenerationStage }) => void;
}

export interface GenerateEmptyRoomInput {
  imageId: string | null;
  imageDataUrl: string | null;
  listener: StageListener;
}
export interface EmptyRoomOutput {
  emptyRoomId: string;
  /** From the Generations-Remaining header, when the provider charges for emptying the room. */
  remainingGenerations?: number | null;
}

export interface GenerateKitchenInput {
  imageId: string | null;
  imageDataUrl: string | null;
  emptyRoomId: string | null;
  /** Null only if the wizard is incomplete, which the Generate guard rules out. */
  configuration: KitchenConfiguration | null;
  listener: StageListener;
}
export interface GeneratedKitchen {
  imageUrl: string;
  /** From the Generations-Remaining header. */
  remainingGenerations: number | null;
  /** Which provider made it, e.g. `local` for the offline photo result. */
  provider: string;
  /** The layout sketch shown beside the picture (the layout and island a recolour cannot show), if any. */
  layoutSketchUrl: string | null;
}

/**
 * The service refused to start a generation for one of its limits (its generations, its network's, the daily
 * budget, its storage, a busy queue): nothing was charged, and Generate waits until it can work again.
 */
export interface GenerationRefusal {
  /** How long the service asked to wait (Retry-After); null when it did not say. */
  retryAfterMs: number | null;
}

/** What a failed generation rejects with, so the remaining count is kept on errors too (spec §7). */
export interface GenerationFailure {
  message: string;
  remainingGenerations: number | null;
  /** Set when the failure was a refusal rather than a generation that went wrong. */
  refusal?: GenerationRefusal | null;
}

/** A kitchen the user generated earlier, for the result page's history. */
export interface PastGeneration {
  id: string;
  imageUrl: string;
  createdAt: string;
  /** The uploaded photo it was made from; absent when the server's answer did not say. */
  source?: { imageId: string; imageUrl: string };
  /** Its choices in words, in the wizard's order; absent when the server's answer did not say. */
  choices?: NamedChoice[];
}

/** A kitchen of the user's with its choices, for the side-by-side view. */
export interface ComparedKitchen {
  id: string;
  imageUrl: string;
  choices: NamedChoice[];
}

export interface LoadComparisonInput {
  jobIds: string[];
}

/** The app's choices the live preview paints, as the catalogue's API names them; null while not chosen yet. */
export interface PreviewChoices {
  front: { hex: string; finish: string } | null;
  worktop: { material: string; colour: string; finish: string } | null;
}

/** What the live preview is asked to paint (issue 33): the marked photo in the choices so far. */
export interface PreviewRequest {
  /** The server's id for the photo: its marked surfaces' masks are stored with it. */
  imageId: string;
  /** The photo as the browser holds it (a data URL). */
  photo: string;
  /** Which marking of the photo (a count of those saved in this page): a new marking opens the photo afresh. */
  marking: number;
  /**
   * The marking's masks as the marking tool made them, when saved in this page (D105); null after a reload, when
   * the preview fetches them from the server, where they are stored with the photo.
   */
  masks: SurfaceMaskUploads | null;
  choices: PreviewChoices;
}

/** The preview painted, as RGBA at its working size (at most 1,200 px long). */
export interface PreviewPicture {
  width: number;
  height: number;
  rgba: Uint8ClampedArray<ArrayBuffer>;
}

/**
 * How a preview ends: painted, or the reason it could not be. Never a rejection: the preview is spawned, and a
 * child's unhandled error would stop the whole chart; a failed preview is something the screen says instead.
 */
export type PreviewOutcome =
  | { kind: 'painted'; picture: PreviewPicture }
  | { kind: 'failed'; message: string };

export const PREVIEW_NOT_PROVIDED = 'The preview of your kitchen is not available here.';

const notProvided = (name: string) => () => Promise.reject(new Error(`The ${name} actor was not provided.`));

export const declaredActors = {
  authorizeUser: fromPromise<AuthorizeUserOutput, AuthorizeUserInput>(notProvided('authorizeUser')),
  loadCatalogue: fromPromise<CatalogueResult, CatalogueRequest>(notProvided('loadCatalogue')),
  preparePhoto: fromPromise<PreparedPhoto, PreparePhotoInput>(notProvided('preparePhoto')),
  validateImageContent: fromPromise<ImageVerdict, ValidateImageInput>(notProvided('validateImageContent')),
  /** Stores the marked surfaces' masks with the uploaded photo (issue 22). */
  saveSurfaceMasks: fromPromise<SavedSurfaceMasks, SaveSurfaceMasksInput>(notProvided('saveSurfaceMasks')),
  generateEmptyRoom: fromPromise<EmptyRoomOutput, GenerateEmptyRoomInput>(notProvided('generateEmptyRoom')),
  generateKitchen: fromPromise<GeneratedKitchen, GenerateKitchenInput>(notProvided('generateKitchen')),
  loadGenerationHistory: fromPromise<PastGeneration[]>(notProvided('loadGenerationHistory')),
  /** Erases everything the server keeps for this browser's user, and the browser's own stores (issue 15). */
  deleteMyData: fromPromise<void>(notProvided('deleteMyData')),
  loadComparison: fromPromise<ComparedKitchen[], LoadComparisonInput>(notProvided('loadComparison')),
  registerPasskey: fromPromise<AccountOutput>(notProvided('registerPasskey')),
  /** Paints the marked photo in the choices so far (issue 33); until provided it answers that it cannot. */
  paintPreview: fromPromise<PreviewOutcome, PreviewRequest>(async () => ({
    kind: 'failed',
    message: PREVIEW_NOT_PROVIDED,
  })),
  signInWithPasskey: fromPromise<AccountOutput>(notProvided('signInWithPasskey')),
  signOut: fromPromise<void>(notProvided('signOut')),
};

/** The running live preview and the key it was spawned for (machines/kitchen/preview.ts). */
export interface PreviewChild {
  key: string;
  ref: ActorRefFrom<(typeof declaredActors)['paintPreview']>;
}
