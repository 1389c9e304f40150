// The photo step (the one row of kind 'photo'): the photo is prepared off the main thread, looked up in the
// moderation cache, checked by the server, and can be replaced or removed. Its sub-states live here so the photo's
// lifecycle can grow (marking the surfaces, issue 22) without touching the other kinds.
import type { ImageVerdict, PhotoFile, PreparedPhoto, SavedSurfaceMasks } from './actors';
import type { KitchenContext } from './context';
import type { KitchenEvent } from './events';
import { retryStates, stepFrame, stepNavigation } from './step-frame';
import type { StepId } from './steps';

type Failed = { event: { error: unknown } };

const failed = {
  target: 'failed',
  actions: { type: 'storeError' as const, params: ({ event }: Failed) => ({ error: event.error }) },
};

export const photoStep = (step: StepId) => ({
  ...stepFrame(step),
  initial: 'restoring' as const,
  states: {
    restoring: {
      always: [{ guard: 'hasUncheckedPhoto' as const, target: 'moderating' }, { target: 'idle' }],
    },
    idle: {
      on: {
        'MARKING.START': {
          description:
            'Once the photo is checked, the visitor marks the surfaces that will change (issue 22).',
          guard: 'hasCheckedPhoto' as const,
          target: 'marking',
        },
      },
    },
    marking: {
      tags: ['marking' as const],
      initial: 'editing' as const,
      entry: 'clearMarkingError' as const,
      states: {
        editing: {
          on: { 'MARKING.SAVE': 'saving' },
        },
        saving: {
          tags: ['savingMarking' as const],
          description: 'Stores the masks the marking tool grew with the uploaded photo, at its size.',
          invoke: {
            id: 'saveSurfaceMasks',
            src: 'saveSurfaceMasks' as const,
            input: ({ context, event }: { context: KitchenContext; event: KitchenEvent }) => ({
              imageId: context.inputImageId,
              imageDataUrl: context.inputImageDataUrl,
              masks: event.type === 'MARKING.SAVE' ? event.masks : {},
            }),
            onDone: {
              target: 'saved',
              actions: {
                type: 'markPhoto' as const,
                params: ({ event }: { event: { output: SavedSurfaceMasks } }) => ({
                  marking: event.output.surfaces.length > 0 ? ('marked' as const) : ('skipped' as const),
                  imageId: event.output.imageId,
                }),
              },
            },
            onError: {
              target: 'editing',
              actions: {
                type: 'storeMarkingError' as const,
                params: ({ event }: Failed) => ({ error: event.error }),
              },
            },
          },
        },
        saved: { type: 'final' as const },
      },
      onDone: 'idle',
      on: {
        'MARKING.SKIP': {
          description:
            'Skipping is offered until a marking is saved; the result then says what marking gives.',
          guard: 'mayMarkingBeSkipped' as const,
          target: 'idle',
          actions: { type: 'markPhoto' as const, params: { marking: 'skipped' as const } },
        },
        'MARKING.CANCEL': { target: 'idle' },
      },
    },
    processing: {
      tags: ['processingImage' as const],
      description: 'Converts and downscales the photo off the main thread.',
      invoke: {
        id: 'preparePhoto',
        src: 'preparePhoto' as const,
        input: ({ context }: { context: KitchenContext }) => ({ file: context.file }),
        onDone: {
          target: 'consultingCache',
          actions: {
            type: 'storePreparedPhoto' as const,
            params: ({ event }: { event: { output: PreparedPhoto } }) => event.output,
          },
        },
        onError: failed,
      },
    },
    consultingCache: {
      entry: 'forgetExpiredVerdict' as const,
      always: [
        { guard: 'hasCachedVerdict' as const, target: 'idle', actions: 'applyCachedVerdict' as const },
        { target: 'moderating' },
      ],
    },
    moderating: {
      tags: ['moderating' as const],
      invoke: {
        id: 'validateImageContent',
        src: 'validateImageContent' as const,
        input: ({ context }: { context: KitchenContext }) => ({ dataUrl: context.inputImageDataUrl }),
        onDone: {
          target: 'idle',
          actions: {
            type: 'storeModerationVerdict' as const,
            params: ({ event }: { event: { output: ImageVerdict } }) => event.output,
          },
        },
        onError: failed,
      },
    },
    ...retryStates('restoring'),
  },
  on: {
    'PHOTO.SELECTED': {
      target: '.processing',
      reenter: true,
      actions: {
        type: 'acceptFile' as const,
        params: ({ event }: { event: { file: PhotoFile } }) => ({ file: event.file }),
      },
    },
    'PHOTO.REMOVED': { target: '.idle', actions: 'removePhoto' as const },
    ...stepNavigation(step),
  },
});
