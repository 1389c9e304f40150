import type { FrontalPreview, WorktopColour, WorktopPreview } from './catalogue';
import type { GenerationStage, PhotoFile } from './context';
import type { RouteId } from './routes';
import type { StepId } from './steps';

/** Everything a screen, the address bar or an invoked call can tell the kitchen statechart. */
export type KitchenEvent =
  | { type: 'NAVIGATE'; route: RouteId }
  | { type: 'NEXT' }
  | { type: 'BACK' }
  | { type: 'PHOTO.SELECTED'; file: PhotoFile }
  | { type: 'PHOTO.REMOVED' }
  | { type: 'DESIGN.SELECTED'; group: string; image: string | null }
  | { type: 'HANDLES.SELECTED'; isHandleless: boolean }
  | { type: 'FINISH.SELECTED'; finish: string }
  | { type: 'FRONTAL_COLOUR_GROUP.SELECTED'; group: string }
  | { type: 'FRONTAL.SELECTED'; frontal: FrontalPreview }
  | { type: 'MATERIAL.SELECTED'; material: string }
  | { type: 'WORKTOP_COLOUR_GROUP.SELECTED'; group: string }
  | { type: 'WORKTOP_COLOUR.SELECTED'; colour: WorktopColour }
  | { type: 'WORKTOP.SELECTED'; worktop: WorktopPreview }
  | { type: 'SHAPE.SELECTED'; shape: string }
  | { type: 'ISLAND.SELECTED'; hasIsland: boolean }
  | { type: 'GENERATE' }
  | { type: 'GENERATION.STAGE'; stage: GenerationStage }
  | { type: 'GENERATION.CANCEL' }
  | { type: 'RETRY' }
  | { type: 'RESET' }
  | { type: 'ACCESS_DENIED' }
  | { type: 'GENERATION.REFUSED' }
  | { type: 'COMPARE.OPEN'; jobIds: string[] }
  | { type: 'COMPARE.CLOSE' }
  | { type: 'CHANGE_ONE_THING'; step: StepId };

export type KitchenEventType = KitchenEvent['type'];
