import type { AccessDenialReason } from './account';
import type { GenerationStage, PhotoFile, SurfaceMaskUploads } from './actors';
import type { FrontalPreview, WorktopColour, WorktopPreview } from './catalogue';
import type { RouteId } from './routes';
import type { StepId } from './steps';

/** Everything a screen, the address bar or an invoked call can tell the kitchen statechart. */
export type KitchenEvent =
  | { type: 'NAVIGATE'; route: RouteId }
  | { type: 'NEXT' }
  | { type: 'BACK' }
  | { type: 'PHOTO.SELECTED'; file: PhotoFile }
  | { type: 'PHOTO.REMOVED' }
  /** Marking the photo's surfaces (issue 22): open the tool, save the masks it made, skip it, or close it. */
  | { type: 'MARKING.START' }
  | { type: 'MARKING.SAVE'; masks: SurfaceMaskUploads }
  | { type: 'MARKING.SKIP' }
  | { type: 'MARKING.CANCEL' }
  | { type: 'DESIGN.SELECTED'; group: string; image: string | null }
  | { type: 'FINISH.SELECTED'; finish: string }
  | { type: 'FRONTAL_COLOUR_GROUP.SELECTED'; group: string }
  | { type: 'FRONTAL.SELECTED'; frontal: FrontalPreview }
  | { type: 'MATERIAL.SELECTED'; material: string }
  | { type: 'WORKTOP_COLOUR_GROUP.SELECTED'; group: string }
  | { type: 'WORKTOP_COLOUR.SELECTED'; colour: WorktopColour }
  | { type: 'WORKTOP.SELECTED'; worktop: WorktopPreview }
  /** An option of a fixed-choice step (step-table.ts): every such step shares this one event. */
  | { type: 'STEP.CHOSEN'; step: StepId; value: string }
  | { type: 'GENERATE' }
  | { type: 'GENERATION.STAGE'; stage: GenerationStage }
  | { type: 'GENERATION.CANCEL' }
  | { type: 'RETRY' }
  | { type: 'RESET' }
  | { type: 'ACCESS_DENIED'; reason?: AccessDenialReason }
  | { type: 'GENERATION.REFUSED' }
  | { type: 'ACCOUNT.SAVE' }
  | { type: 'ACCOUNT.SIGN_IN' }
  | { type: 'ACCOUNT.SIGN_OUT' }
  | { type: 'ACCOUNT.DISMISS' }
  | { type: 'MY_DATA.DELETE' }
  | { type: 'MY_DATA.CANCEL' }
  | { type: 'MY_DATA.CONFIRM' }
  | { type: 'MY_DATA.DISMISS' }
  | { type: 'COMPARE.OPEN'; jobIds: string[] }
  | { type: 'COMPARE.CLOSE' }
  | { type: 'CHANGE_ONE_THING'; step: StepId }
  /** Leaves the review of all choices for the result page, generating nothing. */
  | { type: 'REVIEW.CLOSE' }
  /** Shows an earlier kitchen of the history on the result page; null: back to the latest one. */
  | { type: 'KITCHEN.OPEN'; jobId: string | null };

export type KitchenEventType = KitchenEvent['type'];
