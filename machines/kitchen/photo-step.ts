// The photo step (the one row of kind 'photo'): the photo is prepared off the main thread, looked up in the
// moderation cache, checked by the server, and can be replaced or removed; once checked, its surfaces can be
// marked (issue 22). Its sub-states, and the actions and guards they name, live here so the photo's lifecycle can
// grow without touching the other kinds.
import { assign } from 'xstate';
import type { ImageVerdict, PhotoFile, SurfaceMaskUploads } from './actors';
import type { PhotoMarking } from './context';
import { kitchenActions, kitchenGuards, partSetup } from './kitchen-setup';
import { forgetIfExpired, freshVerdict, storeVerdict } from './moderation-cache';
import {
  callFailed,
  frameActions,
  frameGuards,
  messageOf,
  retryStates,
  stepFrame,
  stepNavigation,
} from './step-frame';
import type { StepId } from './steps';

/** What a new photo, or none, leaves of the last one: nothing checked, marked or generated from it. */
const NO_PHOTO = {
  inputImageDataUrl: null,
  inputImageKey: null,
  inputImageId: null,
  moderationPassed: null,
  kitchenCheck: null,
  photoMarking: null,
  markedMasks: null,
  emptyRoomId: null,
  error: null,
  lastKitchenKey: null,
};

export const photoActions = kitchenActions({
  acceptFile: assign((_, params: { file: PhotoFile }) => ({ ...NO_PHOTO, file: params.file })),
  removePhoto: assign({ ...NO_PHOTO, file: null }),
  storePreparedPhoto: assign((_, params: { dataUrl: string; imageKey: string }) => ({
    inputImageDataUrl: params.dataUrl,
    inputImageKey: params.imageKey,
  })),
  forgetExpiredVerdict: assign(({ context }) => ({
    moderationCache:
      context.inputImageKey === null
        ? context.moderationCache
        : forgetIfExpired(context.moderationCache, context.inputImageKey, Date.now()),
  })),
  applyCachedVerdict: assign(({ context }) => ({
    moderationPassed:
      context.inputImageKey === null
        ? null
        : (freshVerdict(context.moderationCache, context.inputImageKey, Date.now())?.isSafe ?? null),
  })),
  storeModerationVerdict: assign(({ context }, params: ImageVerdict) => ({
    moderationPassed: params.isSafe,
    inputImageId: params.imageId,
    kitchenCheck: params.kitchenCheck ?? null,
    moderationCache:
      context.inputImageKey === null
        ? context.moderationCache
        : storeVerdict(context.moderationCache, context.inputImageKey, params.isSafe, Date.now()),
  })),
  markPhoto: assign(
    ({ context }, params: { marking: PhotoMarking; imageId?: string; masks?: SurfaceMaskUploads }) => ({
      photoMarking: params.marking,
      markingsSaved: context.markingsSaved + (params.marking === 'marked' ? 1 : 0),
      markedMasks: params.marking === 'marked' ? (params.masks ?? null) : null,
      inputImageId: params.imageId ?? context.inputImageId,
      // A new marking (or none) is not what the latest kitchen was made from (D117).
      lastKitchenKey: null,
      markingError: null,
    }),
  ),
  storeMarkingError: assign((_, params: { error: unknown }) => ({ markingError: messageOf(params.error) })),
  clearMarkingError: assign({ markingError: null }),
});

export const photoGuards = kitchenGuards({
  hasUncheckedPhoto: ({ context }) => context.inputImageDataUrl !== null && context.moderationPassed === null,
  hasCachedVerdict: ({ context }) =>
    context.inputImageKey !== null &&
    freshVerdict(context.moderationCache, context.inputImageKey, Date.now()) !== undefined,
  // A verdict from the moderation cache has no server id yet: saving the marking uploads the photo first.
  hasCheckedPhoto: ({ context }) => context.moderationPassed === true && context.inputImageDataUrl !== null,
  mayMarkingBeSkipped: ({ context }) => context.photoMarking !== 'marked',
});

const photoSetup = partSetup({
  actions: { ...frameActions, ...photoActions },
  guards: { ...frameGuards, ...photoGuards },
});

/** Marking the photo's surfaces (issue 22): editing, then saving the masks with the photo, until saved. */
const markingState = photoSetup.createStateConfig({
  tags: ['marking'],
  initial: 'editing',
  entry: 'clearMarkingError',
  states: {
    editing: {
      on: { 'MARKING.SAVE': 'saving' },
    },
    saving: {
      tags: ['savingMarking'],
      description: 'Stores the masks the marking tool grew with the uploaded photo, at its size.',
      invoke: {
        id: 'saveSurfaceMasks',
        src: 'saveSurfaceMasks',
        input: ({ context, event }) => ({
          imageId: context.inputImageId,
          imageDataUrl: context.inputImageDataUrl,
          masks: event.type === 'MARKING.SAVE' ? event.masks : {},
        }),
        onDone: {
          target: 'saved',
          actions: {
            type: 'markPhoto',
            params: ({ event }) => ({
              marking: event.output.surfaces.length > 0 ? 'marked' : 'skipped',
              imageId: event.output.imageId,
              masks: event.output.masks,
            }),
          },
        },
        onError: {
          target: 'editing',
          actions: { type: 'storeMarkingError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    saved: { type: 'final' },
  },
  onDone: 'idle',
  on: {
    'MARKING.SKIP': {
      description: 'Skipping is offered until a marking is saved; the result then says what marking gives.',
      guard: 'mayMarkingBeSkipped',
      target: 'idle',
      actions: { type: 'markPhoto', params: { marking: 'skipped' } },
    },
    'MARKING.CANCEL': { target: 'idle' },
  },
});

export const photoStep = (step: StepId) =>
  photoSetup.createStateConfig({
    ...stepFrame(step),
    initial: 'restoring',
    states: {
      restoring: {
        always: [{ guard: 'hasUncheckedPhoto', target: 'moderating' }, { target: 'idle' }],
      },
      idle: {
        on: {
          'MARKING.START': {
            description:
              'Once the photo is checked, the visitor marks the surfaces that will change (issue 22).',
            guard: 'hasCheckedPhoto',
            target: 'marking',
          },
        },
      },
      marking: markingState,
      processing: {
        tags: ['processingImage'],
        description: 'Converts and downscales the photo off the main thread.',
        invoke: {
          id: 'preparePhoto',
          src: 'preparePhoto',
          input: ({ context }) => ({ file: context.file }),
          onDone: {
            target: 'consultingCache',
            actions: { type: 'storePreparedPhoto', params: ({ event }) => event.output },
          },
          onError: callFailed,
        },
      },
      consultingCache: {
        entry: 'forgetExpiredVerdict',
        always: [
          { guard: 'hasCachedVerdict', target: 'idle', actions: 'applyCachedVerdict' },
          { target: 'moderating' },
        ],
      },
      moderating: {
        tags: ['moderating'],
        invoke: {
          id: 'validateImageContent',
          src: 'validateImageContent',
          input: ({ context }) => ({ dataUrl: context.inputImageDataUrl }),
          onDone: {
            target: 'idle',
            actions: { type: 'storeModerationVerdict', params: ({ event }) => event.output },
          },
          onError: callFailed,
        },
      },
      ...retryStates('restoring'),
    },
    on: {
      'PHOTO.SELECTED': {
        target: '.processing',
        reenter: true,
        actions: { type: 'acceptFile', params: ({ event }) => ({ file: event.file }) },
      },
      'PHOTO.REMOVED': { target: '.idle', actions: 'removePhoto' },
      ...stepNavigation(step),
    },
  });
