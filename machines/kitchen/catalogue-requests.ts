// Which catalogue lookups a step needs, with their parameters read from the current choices. The statechart's
// invoked loads and the app's preload on intent both ask here, so they always request the same thing.
import type { CatalogueKind, CatalogueRequest } from './catalogue';
import type { KitchenContext } from './context';
import { type StepId, stepLookups } from './steps';

const requestBuilders: { [K in CatalogueKind]: (context: KitchenContext) => CatalogueRequest & { kind: K } } =
  {
    doorStyleGroups: () => ({ kind: 'doorStyleGroups', params: {} }),
    handleStyles: ({ frontals }) => ({
      kind: 'handleStyles',
      params: { doorStyleGroup: frontals.doorStyleGroup },
    }),
    finishes: ({ frontals }) => ({
      kind: 'finishes',
      params: { doorStyleGroup: frontals.doorStyleGroup, isHandleless: frontals.isHandleless },
    }),
    frontalColourGroups: ({ frontals }) => ({
      kind: 'frontalColourGroups',
      params: {
        doorStyleGroup: frontals.doorStyleGroup,
        finish: frontals.finish,
        isHandleless: frontals.isHandleless,
      },
    }),
    frontalPreviews: ({ frontals }) => ({
      kind: 'frontalPreviews',
      params: {
        doorStyleGroup: frontals.doorStyleGroup,
        isHandleless: frontals.isHandleless,
        finish: frontals.finish,
        colourGroup: frontals.colorGroup,
      },
    }),
    worktopMaterials: () => ({ kind: 'worktopMaterials', params: {} }),
    worktopColourGroups: ({ worktops }) => ({
      kind: 'worktopColourGroups',
      params: { material: worktops.material },
    }),
    worktopColours: ({ worktops }) => ({
      kind: 'worktopColours',
      params: { material: worktops.material, colourGroup: worktops.colourGroup },
    }),
    worktopPreviews: ({ worktops }) => ({
      kind: 'worktopPreviews',
      params: { material: worktops.material, colourGroup: worktops.colourGroup, colour: worktops.colour },
    }),
  };

export const catalogueRequest = <K extends CatalogueKind>(kind: K, context: KitchenContext) =>
  requestBuilders[kind](context);

const hasEveryParam = (request: CatalogueRequest) =>
  Object.values(request.params).every((value) => value !== null);

/** What to preload when the user shows intent to open a step: its lookups whose parameters are all known. */
export const preloadRequestsFor = (step: StepId, context: KitchenContext): CatalogueRequest[] =>
  stepLookups(step)
    .map((kind) => catalogueRequest(kind, context))
    .filter(hasEveryParam);
