// The live preview in the chart (issue 33): one preview actor, spawned once the photo is marked, for the photo,
// its marking and the choices so far; a newer choice stops the stale one (its signal aborts) and spawns another;
// choices a recolour cannot show spawn nothing; no marking, no preview.
import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import type {
  PreviewOutcome,
  PreviewRequest,
  SavedSurfaceMasks,
  SaveSurfaceMasksInput,
} from '../../machines/kitchen/actors';
import { isLatestKitchenUnchanged, UNCHOSEN_WORKTOP_FINISH } from '../../machines/kitchen/preview';
import type { StepId } from '../../machines/kitchen/steps';
import { type Kitchen, startKitchen, walkTo } from './support/kitchen-harness';
import * as sample from './support/samples';

/** Walks to `step` making the sample choices, marks the photo on its step, and comes back to `step`. */
async function markedAt(kitchen: Kitchen, step: StepId) {
  await walkTo(kitchen, step);
  kitchen.send({ type: 'NAVIGATE', route: 'create-kitchen/upload-image' });
  kitchen.send({ type: 'MARKING.START' });
  kitchen.send({ type: 'MARKING.SAVE', masks: sample.surfaceMasks });
  await kitchen.until((snapshot) => snapshot.context.photoMarking === 'marked');
  kitchen.send({ type: 'NAVIGATE', route: `create-kitchen/${step}` });
  await kitchen.atStep(step);
}

/** On the island step: its choice made and Generate pressed, until the result page shows the kitchen. */
async function generatedFromIsland(kitchen: Kitchen) {
  kitchen.send({ type: 'STEP.CHOSEN', step: 'kitchen-island', value: 'no' });
  kitchen.send({ type: 'GENERATE' });
  await kitchen.until((snapshot) => snapshot.matches({ routes: { 'your-kitchen': 'result' } }));
}

/** A preview painter that records each request and its signal, and answers when told. */
function recordedPreviews() {
  const runs: { input: PreviewRequest; signal: AbortSignal; paint: () => void }[] = [];
  const logic = fromPromise<PreviewOutcome, PreviewRequest>(
    ({ input, signal }) =>
      new Promise((resolve) => {
        runs.push({ input, signal, paint: () => resolve({ kind: 'painted', picture: sample.picture }) });
      }),
  );
  return { runs, logic, last: () => runs.at(-1) };
}

const [firstFront] = sample.frontals;
const [firstColour] = sample.worktopColours;

describe('the live preview (issue 33)', () => {
  it('starts on "Use this marking", paints every choice so far, and cancels a stale preview', async () => {
    const previews = recordedPreviews();
    const kitchen = startKitchen({ actors: { paintPreview: previews.logic } });
    await walkTo(kitchen, 'frontal-color');
    expect(kitchen.context().preview).toBeNull();
    expect(previews.runs).toHaveLength(0);
    await markedAt(kitchen, 'frontal-color');

    expect(previews.runs).toHaveLength(1);
    const first = previews.runs[0];
    expect(first?.input).toMatchObject({
      imageId: '00000000-0000-4000-8000-0000000000aa',
      photo: sample.preparedPhoto.dataUrl,
      marking: 1,
      choices: { front: null, worktop: null },
    });
    expect(kitchen.actor.getSnapshot().children.preview).toBe(kitchen.context().preview?.ref);

    // Choices a recolour cannot show (a colour group, a door style, a layout) leave the running preview alone.
    kitchen.send({ type: 'STEP.CHOSEN', step: 'kitchen-shape', value: 'galley' });
    expect(previews.runs).toHaveLength(1);
    expect(first?.signal.aborted).toBe(false);

    kitchen.send({ type: 'FRONTAL_COLOUR_GROUP.SELECTED', group: 'Greens' });
    kitchen.send({ type: 'FRONTAL.SELECTED', frontal: firstFront as (typeof sample.frontals)[number] });
    expect(previews.runs).toHaveLength(2);
    // The stale preview is stopped: its signal aborts, so its answer is dropped.
    expect(first?.signal.aborted).toBe(true);
    expect(previews.last()?.input.choices).toEqual({
      front: { hex: firstFront?.primary_hex, finish: 'Matt' },
      worktop: null,
    });
    previews.last()?.paint();
    await kitchen.until((snapshot) => snapshot.context.preview?.ref.getSnapshot().status === 'done');
    expect(kitchen.context().preview?.ref.getSnapshot().output).toEqual({
      kind: 'painted',
      picture: sample.picture,
    });
  });

  it('paints the worktop once its colour is chosen, in its finish once that is chosen', async () => {
    const previews = recordedPreviews();
    const kitchen = startKitchen({ actors: { paintPreview: previews.logic } });
    await markedAt(kitchen, 'material');
    kitchen.send({ type: 'MATERIAL.SELECTED', material: 'Quartz' });
    kitchen.send({ type: 'NEXT' });
    kitchen.send({ type: 'WORKTOP_COLOUR_GROUP.SELECTED', group: 'Whites' });
    kitchen.send({
      type: 'WORKTOP_COLOUR.SELECTED',
      colour: firstColour as (typeof sample.worktopColours)[number],
    });
    const colour = firstColour?.colour;
    const painted = previews.runs.map((run) => run.input.choices.worktop);
    expect(painted).toContainEqual({ material: 'Quartz', colour, finish: UNCHOSEN_WORKTOP_FINISH });
    kitchen.send({ type: 'NEXT' });
    await kitchen.atStep('material-preview');
    const worktop = sample.worktopPreviews[0] as (typeof sample.worktopPreviews)[number];
    kitchen.send({ type: 'WORKTOP.SELECTED', worktop });
    expect(previews.last()?.input.choices.worktop).toEqual({
      material: 'Quartz',
      colour,
      finish: worktop.finish,
    });
  });

  it('opens again for a new marking, and stops with the photo removed', async () => {
    const previews = recordedPreviews();
    const kitchen = startKitchen({ actors: { paintPreview: previews.logic } });
    await walkTo(kitchen, 'upload-image');
    kitchen.send({ type: 'PHOTO.SELECTED', file: sample.photo });
    await kitchen.settled();
    for (const marking of [1, 2]) {
      kitchen.send({ type: 'MARKING.START' });
      kitchen.send({ type: 'MARKING.SAVE', masks: sample.surfaceMasks });
      await kitchen.until((snapshot) => snapshot.context.markingsSaved === marking);
    }
    expect(previews.runs.map((run) => run.input.marking)).toEqual([1, 2]);
    kitchen.send({ type: 'PHOTO.REMOVED' });
    expect(previews.last()?.signal.aborted).toBe(true);
    expect(kitchen.context().preview).toBeNull();
    expect(kitchen.actor.getSnapshot().children.preview).toBeUndefined();
  });

  it('hands the preview the masks just saved, not a fetch of them (D105), and forgets them with the photo', async () => {
    const previews = recordedPreviews();
    // As the app's save does: the masks it stored, answered back.
    const saveSurfaceMasks = fromPromise<SavedSurfaceMasks, SaveSurfaceMasksInput>(async ({ input }) => ({
      imageId: '00000000-0000-4000-8000-0000000000aa',
      surfaces: Object.keys(input.masks),
      masks: input.masks,
    }));
    const kitchen = startKitchen({ actors: { paintPreview: previews.logic, saveSurfaceMasks } });
    await walkTo(kitchen, 'upload-image');
    kitchen.send({ type: 'PHOTO.SELECTED', file: sample.photo });
    await kitchen.settled();
    kitchen.send({ type: 'MARKING.START' });
    kitchen.send({ type: 'MARKING.SAVE', masks: sample.surfaceMasks });
    await kitchen.until((snapshot) => snapshot.context.photoMarking === 'marked');
    expect(previews.last()?.input.masks).toBe(sample.surfaceMasks);
    kitchen.send({ type: 'PHOTO.REMOVED' });
    expect(kitchen.context().markedMasks).toBeNull();
  });

  it('starts with a saved marking restored, and never without one', () => {
    const restoredWith = (photoMarking: 'marked' | 'skipped') => {
      const previews = recordedPreviews();
      const wizard = {
        inputImageDataUrl: sample.preparedPhoto.dataUrl,
        inputImageId: '00000000-0000-4000-8000-0000000000aa',
        moderationPassed: true,
        photoMarking,
      };
      startKitchen({
        input: { userId: 7, restored: { wizard, frontals: {}, worktops: {} } },
        actors: { paintPreview: previews.logic },
      });
      // A restored marking's masks are the server's to fetch: none in the request.
      return previews.runs.map((run) => [run.input.imageId, run.input.masks]);
    };
    expect(restoredWith('skipped')).toEqual([]);
    expect(restoredWith('marked')).toEqual([['00000000-0000-4000-8000-0000000000aa', null]]);
  });

  it('knows when Generate again would make the same picture (D95)', async () => {
    const kitchen = startKitchen();
    await walkTo(kitchen, 'kitchen-island');
    await generatedFromIsland(kitchen);
    expect(isLatestKitchenUnchanged(kitchen.context())).toBe(true);
    kitchen.send({ type: 'CHANGE_ONE_THING', step: 'kitchen-island' });
    kitchen.send({ type: 'STEP.CHOSEN', step: 'kitchen-island', value: 'yes' });
    expect(isLatestKitchenUnchanged(kitchen.context())).toBe(false);
  });

  it('forgets the latest kitchen once the photo is marked again (D117)', async () => {
    const kitchen = startKitchen();
    await markedAt(kitchen, 'kitchen-island');
    await generatedFromIsland(kitchen);
    expect(isLatestKitchenUnchanged(kitchen.context())).toBe(true);
    // The same photo and choices on a new marking would not make the same picture.
    kitchen.send({ type: 'NAVIGATE', route: 'create-kitchen/upload-image' });
    kitchen.send({ type: 'MARKING.START' });
    kitchen.send({ type: 'MARKING.SAVE', masks: sample.surfaceMasks });
    await kitchen.until((snapshot) => snapshot.context.markingsSaved === 2);
    expect(kitchen.context().inputImageId).toBe('00000000-0000-4000-8000-0000000000aa');
    expect(kitchen.context().lastKitchenKey).toBeNull();
    expect(isLatestKitchenUnchanged(kitchen.context())).toBe(false);
  });
});
