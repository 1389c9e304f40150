// What the wizard loads from the catalogue (spec §3, §7), as the statechart sees it: one request type per
// lookup and the items each returns. The app turns a request into an HTTP call; the machine never does.

export interface WorktopColour {
  colour: string;
  primary_hex?: string;
  image_url?: string;
}

export interface WorktopPreview {
  id: string;
  finish: string;
}

export interface FrontalPreview {
  id: string;
  colour: string;
  primary_hex: string;
  image_url: string;
}

/** Each lookup and the items it answers with. */
export interface CatalogueItems {
  doorStyleGroups: string[];
  handleStyles: string[];
  finishes: string[];
  frontalColourGroups: string[];
  frontalPreviews: FrontalPreview[];
  worktopMaterials: string[];
  worktopColourGroups: string[];
  worktopColours: WorktopColour[];
  worktopPreviews: WorktopPreview[];
}

export type CatalogueKind = keyof CatalogueItems;

/**
 * The parameters of each lookup. They are read from the wizard's choices, which may be missing for a moment
 * while a redirect is under way (the load is then cancelled before it starts), hence `| null`.
 */
export interface CatalogueParams {
  doorStyleGroups: Record<string, never>;
  handleStyles: { doorStyleGroup: string | null };
  finishes: { doorStyleGroup: string | null; isHandleless: boolean | null };
  frontalColourGroups: { doorStyleGroup: string | null; finish: string | null; isHandleless: boolean | null };
  frontalPreviews: {
    doorStyleGroup: string | null;
    isHandleless: boolean | null;
    finish: string | null;
    colourGroup: string | null;
  };
  worktopMaterials: Record<string, never>;
  worktopColourGroups: { material: string | null };
  worktopColours: { material: string | null; colourGroup: string | null };
  worktopPreviews: { material: string | null; colourGroup: string | null; colour: string | null };
}

export type CatalogueRequest = {
  [K in CatalogueKind]: { kind: K; params: CatalogueParams[K] };
}[CatalogueKind];
export type CatalogueResult = { [K in CatalogueKind]: { kind: K; items: CatalogueItems[K] } }[CatalogueKind];

/** Lists loaded so far for the steps on screen; `null` until loaded. */
export type LoadedCatalogue = { [K in CatalogueKind]: CatalogueItems[K] | null };

export const emptyCatalogue = (): LoadedCatalogue => ({
  doorStyleGroups: null,
  handleStyles: null,
  finishes: null,
  frontalColourGroups: null,
  frontalPreviews: null,
  worktopMaterials: null,
  worktopColourGroups: null,
  worktopColours: null,
  worktopPreviews: null,
});
