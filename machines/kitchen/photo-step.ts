// The photo step (the one row of kind 'photo'): the photo is prepared off the main thread, looked up in the
// moderation cache, checked by the server, and can be replaced or removed. Its sub-states live here so the photo's
// lifecycle can grow (marking the surfaces, issue 22) without touching the other kinds.
import type { ImageVerdict, PhotoFile, PreparedPhoto } from './actors';
import type { KitchenContext } from './context';
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
    idle: {},
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
