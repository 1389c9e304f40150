import type { KitchenConfiguration } from './actors';
import type { KitchenContext } from './context';

/** The complete configuration a generation needs, or null while any choice is missing. */
export const configurationOf = ({ frontals, worktops, selectedShape, hasIsland }: KitchenContext) => {
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
    hasIsland === null
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
  } satisfies KitchenConfiguration;
};
