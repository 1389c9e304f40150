import type { KitchenConfiguration } from './actors';
import type { KitchenContext } from './context';
import { isConfigurationComplete } from './requirements';
import { chosenOn, STEP_IDS } from './steps';

/** Every step's chosen option, in step order; steps without a choice to tell (the photo) are left out. */
const chosenOptions = (context: KitchenContext) =>
  STEP_IDS.flatMap((step) => {
    const chosen = chosenOn(step, context);
    return chosen ? [chosen] : [];
  });

/** The complete configuration a generation needs, or null while any choice is missing. */
export const configurationOf = (context: KitchenContext) => {
  const { frontals, worktops, selectedShape, hasIsland } = context;
  const { doorStyleGroup, isHandleless, finish, colorGroup, selectedFrontalPreview } = frontals;
  const { material, colourGroup, selectedColourPreview, selectedWorktopPreview } = worktops;
  if (
    doorStyleGroup === null ||
    isHandleless === null ||
    finish === null ||
    colorGroup === null ||
    selectedFrontalPreview === null ||
    material === null ||
    colourGroup === null ||
    selectedColourPreview === null ||
    selectedWorktopPreview === null ||
    selectedShape === null ||
    hasIsland === null ||
    !isConfigurationComplete(context)
  ) {
    return null;
  }
  return {
    doorStyleGroup,
    isHandleless,
    finish,
    frontalColourGroup: colorGroup,
    frontal: selectedFrontalPreview,
    material,
    worktopColourGroup: colourGroup,
    worktopColour: selectedColourPreview,
    worktop: selectedWorktopPreview,
    shape: selectedShape,
    hasIsland,
    choices: chosenOptions(context),
  } satisfies KitchenConfiguration;
};
