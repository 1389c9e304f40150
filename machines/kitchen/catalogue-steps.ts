// The catalogue steps: a catalogue choice (one list, one item) and a grouped swatch (groups, then the chosen
// group's swatches). A plain catalogue choice is made by the shared `STEP.CHOSEN` (fixed-choice-step.ts, D89); a
// step whose choice is one of the spec's fields names its own event, kept here by its action with its cascade
// (selections.ts).
import { assign } from 'xstate';
import type { FrontalPreview, WorktopColour, WorktopPreview } from './catalogue';
import { choiceActions, choiceGuards, stepChosen } from './fixed-choice-step';
import { kitchenActions, partSetup } from './kitchen-setup';
import {
  chooseDoorStyleGroup,
  chooseFinish,
  chooseFrontal,
  chooseFrontalColourGroup,
  chooseMaterial,
  chooseWorktop,
  chooseWorktopColour,
  chooseWorktopColourGroup,
} from './selections';
import {
  catalogueLoad,
  frameActions,
  frameGuards,
  retryStates,
  stepFrame,
  stepNavigation,
} from './step-frame';
import { type RowOfKind, withSpecFields } from './steps';

export const catalogueActions = kitchenActions({
  selectDesign: assign(({ context }, params: { group: string; image: string | null }) =>
    withSpecFields(context, {
      selectedDesign: params.group,
      selectedDesignImage: params.image,
      frontals: chooseDoorStyleGroup(context.frontals, params.group),
    }),
  ),
  selectFinish: assign(({ context }, params: { finish: string }) =>
    withSpecFields(context, { frontals: chooseFinish(context.frontals, params.finish) }),
  ),
  selectFrontalColourGroup: assign(({ context }, params: { group: string }) =>
    withSpecFields(context, { frontals: chooseFrontalColourGroup(context.frontals, params.group) }),
  ),
  selectFrontal: assign(({ context }, params: { frontal: FrontalPreview }) =>
    withSpecFields(context, { frontals: chooseFrontal(context.frontals, params.frontal) }),
  ),
  selectMaterial: assign(({ context }, params: { material: string }) => ({
    worktops: chooseMaterial(context.worktops, params.material),
  })),
  selectWorktopColourGroup: assign(({ context }, params: { group: string }) => ({
    worktops: chooseWorktopColourGroup(context.worktops, params.group),
  })),
  selectWorktopColour: assign(({ context }, params: { colour: WorktopColour }) => ({
    worktops: chooseWorktopColour(context.worktops, params.colour),
  })),
  selectWorktop: assign(({ context }, params: { worktop: WorktopPreview }) => ({
    worktops: chooseWorktop(context.worktops, params.worktop),
  })),
});

const catalogueSetup = partSetup({
  actions: { ...frameActions, ...choiceActions, ...catalogueActions },
  guards: { ...frameGuards, ...choiceGuards },
});

/** Each event a row may name in `chooses` or `choosesGroup`, kept by its action with the event as parameters. */
const KEEPS = catalogueSetup.createStateConfig({
  on: {
    'DESIGN.SELECTED': { actions: { type: 'selectDesign', params: ({ event }) => event } },
    'FINISH.SELECTED': { actions: { type: 'selectFinish', params: ({ event }) => event } },
    'FRONTAL_COLOUR_GROUP.SELECTED': {
      actions: { type: 'selectFrontalColourGroup', params: ({ event }) => event },
    },
    'FRONTAL.SELECTED': { actions: { type: 'selectFrontal', params: ({ event }) => event } },
    'MATERIAL.SELECTED': { actions: { type: 'selectMaterial', params: ({ event }) => event } },
    'WORKTOP_COLOUR_GROUP.SELECTED': {
      actions: { type: 'selectWorktopColourGroup', params: ({ event }) => event },
    },
    'WORKTOP_COLOUR.SELECTED': { actions: { type: 'selectWorktopColour', params: ({ event }) => event } },
    'WORKTOP.SELECTED': { actions: { type: 'selectWorktop', params: ({ event }) => event } },
  },
}).on;

type KeptEvent = keyof typeof KEEPS;
const isKeptEvent = (type: string): type is KeptEvent => Object.hasOwn(KEEPS, type);

/** The transition that keeps a row's choice event, checked when the chart is built: a row naming another fails. */
const keeping = (type: string) => {
  if (!isKeptEvent(type)) throw new Error(`No action keeps the choice event ${type}.`);
  return KEEPS[type];
};

export const catalogueChoiceStep = (row: RowOfKind<'catalogue-choice'>) =>
  catalogueSetup.createStateConfig({
    ...stepFrame(row.id),
    initial: 'loading',
    states: { loading: catalogueLoad(row.list), ready: {}, ...retryStates('loading') },
    on: {
      ...(row.chooses ? { [row.chooses]: keeping(row.chooses) } : stepChosen(row.id)),
      ...stepNavigation(row.id),
    },
  });

export const groupedSwatchStep = (row: RowOfKind<'grouped-swatch'>) =>
  catalogueSetup.createStateConfig({
    ...stepFrame(row.id),
    initial: 'loadingGroups',
    states: {
      loadingGroups: catalogueLoad(row.groups, { decides: 'group', step: row.id }),
      choosingGroup: {},
      loadingSwatches: {
        ...catalogueLoad(row.swatches),
        description: 'The swatches are asked for only once a group is chosen.',
      },
      ready: {},
      ...retryStates('loadingGroups'),
    },
    on: {
      [row.choosesGroup]: { ...keeping(row.choosesGroup), target: '.loadingSwatches', reenter: true },
      [row.chooses]: keeping(row.chooses),
      ...stepNavigation(row.id),
    },
  });
