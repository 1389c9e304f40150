// A running kitchen actor whose server calls answer at once from the samples, for behaviour tests. Tests that
// need a call to fail or to wait swap one implementation.

import { type AnyActorLogic, createActor, fromPromise, waitFor } from 'xstate';
import type { AccountOutput } from '../../../machines/kitchen/account';
import type {
  AuthorizeUserOutput,
  GeneratedKitchen,
  ImageVerdict,
  PastGeneration,
  PreviewOutcome,
  SavedSurfaceMasks,
} from '../../../machines/kitchen/actors';
import type { CatalogueRequest, CatalogueResult } from '../../../machines/kitchen/catalogue';
import type { KitchenInput } from '../../../machines/kitchen/context';
import type { KitchenEvent } from '../../../machines/kitchen/events';
import { kitchenMachine } from '../../../machines/kitchen/machine';
import { byStep, FIRST_STEP, STEP_IDS, type StepId } from '../../../machines/kitchen/steps';
import { type KitchenSnapshot, viewOf } from '../../../machines/kitchen/view';
import type { KitchenActorImplementations } from '../../../src/app/App';
import * as sample from './samples';

export const catalogueAnswers =
  (handleStyles: readonly string[] = sample.handleStyleLists.both) =>
  (request: CatalogueRequest): CatalogueResult =>
    ({ kind: request.kind, items: sample.catalogueItems(handleStyles)[request.kind] }) as CatalogueResult;

export const defaultActors: KitchenActorImplementations = {
  authorizeUser: fromPromise(
    async (): Promise<AuthorizeUserOutput> => ({ remainingGenerations: 5, imageRetentionDays: 30 }),
  ),
  loadCatalogue: fromPromise(async ({ input }: { input: CatalogueRequest }) => catalogueAnswers()(input)),
  preparePhoto: fromPromise(async () => sample.preparedPhoto),
  validateImageContent: fromPromise(
    async (): Promise<ImageVerdict> => ({
      isSafe: true,
      imageId: '0b9a4c52-52d8-4bd2-9a6e-3c8f1d2e4a10',
    }),
  ),
  saveSurfaceMasks: fromPromise(
    async (): Promise<SavedSurfaceMasks> => ({
      imageId: '00000000-0000-4000-8000-0000000000aa',
      surfaces: ['fronts'],
    }),
  ),
  generateEmptyRoom: fromPromise(async () => ({ emptyRoomId: '5d6e7f80-91a2-4b3c-8d4e-5f6a7b8c9d0e' })),
  loadGenerationHistory: fromPromise(
    async (): Promise<PastGeneration[]> => [
      { id: 'earlier', imageUrl: '/api/v1/images/earlier', createdAt: '2026-11-20T10:00:00.000Z' },
    ],
  ),
  loadComparison: fromPromise(async () => sample.comparedKitchens),
  generateKitchen: fromPromise(
    async (): Promise<GeneratedKitchen> => ({
      imageUrl: '/api/v1/images/result',
      remainingGenerations: 4,
      provider: 'local',
      layoutSketchUrl: null,
    }),
  ),
  deleteMyData: fromPromise(async (): Promise<void> => {}),
  // An account of 41 with 2 generations left, as the ceremonies answer once the passkey is used.
  registerPasskey: fromPromise(async (): Promise<AccountOutput> => ({ userId: 41, remainingGenerations: 2 })),
  signInWithPasskey: fromPromise(
    async (): Promise<AccountOutput> => ({ userId: 41, remainingGenerations: 2 }),
  ),
  signOut: fromPromise<void>(async () => {}),
  // The preview's painting answers a one-pixel picture: the chart's part is which preview runs, not its pixels.
  paintPreview: fromPromise(
    async (): Promise<PreviewOutcome> => ({ kind: 'painted', picture: sample.picture }),
  ),
};

export function startKitchen(
  options: { input?: KitchenInput; actors?: Partial<Record<keyof typeof defaultActors, AnyActorLogic>> } = {},
) {
  const machine = kitchenMachine.provide({ actors: { ...defaultActors, ...options.actors } });
  const actor = createActor(machine, { input: options.input ?? { userId: 7 } });
  actor.start();
  const send = (event: KitchenEvent) => actor.send(event);
  const view = () => viewOf(actor.getSnapshot());
  const until = (predicate: (snapshot: KitchenSnapshot) => boolean) =>
    waitFor(actor, predicate, { timeout: 10_000 });
  const settled = () =>
    until(
      (snapshot) =>
        !snapshot.hasTag('loading') && !snapshot.hasTag('processingImage') && !snapshot.hasTag('moderating'),
    );
  const atStep = (step: string) =>
    until((snapshot) => viewOf(snapshot).step?.id === step && !snapshot.hasTag('loading'));
  return { actor, send, view, until, settled, atStep, context: () => actor.getSnapshot().context };
}

export type Kitchen = ReturnType<typeof startKitchen>;

/** The first sample choice on each step, keyed by the step type: a step missing here does not compile. */
const sampleChoices = (send: Kitchen['send']) =>
  byStep<() => void>(
    {
      'upload-image': () => send({ type: 'PHOTO.SELECTED', file: sample.photo }),
      design: () => send({ type: 'DESIGN.SELECTED', group: 'Shaker', image: null }),
      finishing: () => send({ type: 'FINISH.SELECTED', finish: 'Matt' }),
      'frontal-color': () => {
        send({ type: 'FRONTAL_COLOUR_GROUP.SELECTED', group: 'Greens' });
        send({ type: 'FRONTAL.SELECTED', frontal: sample.frontals[0] as (typeof sample.frontals)[number] });
      },
      material: () => send({ type: 'MATERIAL.SELECTED', material: 'Quartz' }),
      'material-color': () => {
        send({ type: 'WORKTOP_COLOUR_GROUP.SELECTED', group: 'Whites' });
        send({
          type: 'WORKTOP_COLOUR.SELECTED',
          colour: sample.worktopColours[0] as (typeof sample.worktopColours)[number],
        });
      },
      'material-preview': () =>
        send({
          type: 'WORKTOP.SELECTED',
          worktop: sample.worktopPreviews[0] as (typeof sample.worktopPreviews)[number],
        }),
    },
    // A shared-choice step (step-table.ts) is walked by its sample value, with no entry of its own.
    (step) => () => send({ type: 'STEP.CHOSEN', step, value: sample.sharedChoices()[step] ?? '' }),
  );

/**
 * Walks the wizard from the start to `step`, making the first sample choice on every step before it. The walk
 * takes at most one move per step and fails with where it stuck, rather than loop.
 */
export async function walkTo(kitchen: Kitchen, step: StepId) {
  const { send, atStep, settled, view } = kitchen;
  const choices = sampleChoices(send);
  send({ type: 'NAVIGATE', route: `create-kitchen/${FIRST_STEP}` });
  await atStep(FIRST_STEP);
  for (let moves = 0; view().step?.id !== step; moves++) {
    const current = view().step?.id;
    if (current === undefined || moves >= STEP_IDS.length) {
      throw new Error(`The walk to ${step} stuck at ${current ?? view().route} after ${moves} moves.`);
    }
    choices[current]();
    await settled();
    send({ type: 'NEXT' });
    await settled();
  }
}
