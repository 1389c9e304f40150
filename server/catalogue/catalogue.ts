import type { DoorProfile, FrontFinish, SurfaceTexture, WorktopFinish } from '../../contract/catalogue';
import { API_PREFIX } from '../../contract/endpoints';
import { WORKTOP_MATERIALS } from '../../contract/worktop-catalogue';
import { type SwatchSpec, swatchIdentity } from '../../swatches/swatch-svg';
import {
  COLOUR_GROUPS_BY_FINISH,
  DOOR_STYLES,
  type DoorStyleFacts,
  FRONT_PALETTE,
  GLOSS_COLOURS,
} from './frontal-data';
import { catalogueId } from './stable-id';

// The catalogue built from the fact tables: a tree the routes answer from, indexes by id that a kitchen request
// is resolved against (generation/configuration.ts), and the swatch each image_url points at. Built once at
// start-up; it is small (a few thousand entries) and never changes while the server runs.

/** Bump when the swatch drawing changes: it is part of every swatch URL, which browsers cache for ever. */
export const SWATCH_RENDER_VERSION = 'r1';
export const SWATCH_ROUTE = '/store/swatches/:version/:file';

export interface WorktopPreviewEntry {
  id: string;
  material: string;
  colourGroup: string;
  colour: string;
  hex: string;
  accentHex?: string;
  texture: SurfaceTexture;
  finish: WorktopFinish;
  imageUrl: string;
}

export interface WorktopColourNode {
  colour: string;
  hex: string;
  imageUrl: string;
  previews: WorktopPreviewEntry[];
}

export interface WorktopGroupNode {
  name: string;
  colours: WorktopColourNode[];
}

export interface WorktopMaterialNode {
  name: string;
  groups: WorktopGroupNode[];
}

export interface FrontalPreviewEntry {
  id: string;
  doorStyleGroup: string;
  profile: DoorProfile;
  isHandleless: boolean;
  finish: FrontFinish;
  colourGroup: string;
  colour: string;
  hex: string;
  imageUrl: string;
}

export interface FrontalColourGroupNode {
  name: string;
  previews: FrontalPreviewEntry[];
}

export interface FrontalFinishNode {
  name: FrontFinish;
  colourGroups: FrontalColourGroupNode[];
}

export interface DoorStyleNode {
  name: string;
  profile: DoorProfile;
  /** The spec's handle tokens: `handle`, `handleless` or both. */
  handleOptions: string[];
  finishesWithHandle: FrontalFinishNode[];
  finishesHandleless: FrontalFinishNode[];
}

export interface Catalogue {
  worktopMaterials: WorktopMaterialNode[];
  doorStyles: DoorStyleNode[];
  worktopPreviewById: ReadonlyMap<string, WorktopPreviewEntry>;
  frontalPreviewById: ReadonlyMap<string, FrontalPreviewEntry>;
  swatchById: ReadonlyMap<string, SwatchSpec>;
}

export function swatchUrl(swatchId: string): string {
  return `${API_PREFIX}/store/swatches/${SWATCH_RENDER_VERSION}/${swatchId}.webp`;
}

/** Registers a swatch under an id derived from what it shows, so equal swatches share one URL and cache. */
function swatchRegistry() {
  const swatches = new Map<string, SwatchSpec>();
  return {
    swatches,
    register(spec: SwatchSpec): string {
      const id = catalogueId('swatches', ...swatchIdentity(spec));
      swatches.set(id, spec);
      return swatchUrl(id);
    },
  };
}

function buildWorktops(register: (spec: SwatchSpec) => string): WorktopMaterialNode[] {
  return WORKTOP_MATERIALS.map(({ material, groups }) => ({
    name: material,
    groups: groups.map(({ group, texture: groupTexture, colours }) => ({
      name: group,
      colours: colours.map(([colour, hex, finishes, look]) => {
        const texture = look?.texture ?? groupTexture;
        const accentHex = look?.accentHex;
        const previews = finishes.map((finish): WorktopPreviewEntry => {
          const spec: SwatchSpec = { kind: 'worktop', texture, hex, finish };
          if (accentHex) spec.accentHex = accentHex;
          const entry: WorktopPreviewEntry = {
            id: catalogueId('worktops', material, group, colour, finish),
            material,
            colourGroup: group,
            colour,
            hex,
            texture,
            finish,
            imageUrl: register(spec),
          };
          if (accentHex) entry.accentHex = accentHex;
          return entry;
        });
        // The colour's own swatch shows it in its first (most usual) finish.
        return { colour, hex, imageUrl: previews[0]?.imageUrl ?? '', previews };
      }),
    })),
  }));
}

function buildFinishes(
  style: DoorStyleFacts,
  isHandleless: boolean,
  register: (spec: SwatchSpec) => string,
): FrontalFinishNode[] {
  const finishes = (isHandleless ? style.handleless : style.withHandle) ?? [];
  return finishes.map((finish) => ({
    name: finish,
    colourGroups: COLOUR_GROUPS_BY_FINISH[finish].map((colourGroup) => ({
      name: colourGroup,
      previews: FRONT_PALETTE[colourGroup]
        .filter(([colour]) => finish !== 'Gloss' || GLOSS_COLOURS.has(colour))
        .map(([colour, hex]) => ({
          id: catalogueId('frontals', style.group, isHandleless, finish, colourGroup, colour),
          doorStyleGroup: style.group,
          profile: style.profile,
          isHandleless,
          finish,
          colourGroup,
          colour,
          hex,
          imageUrl: register({ kind: 'front', profile: style.profile, hex, finish }),
        })),
    })),
  }));
}

function buildDoorStyles(register: (spec: SwatchSpec) => string): DoorStyleNode[] {
  return DOOR_STYLES.map((style) => ({
    name: style.group,
    profile: style.profile,
    handleOptions: [...(style.withHandle ? ['handle'] : []), ...(style.handleless ? ['handleless'] : [])],
    finishesWithHandle: buildFinishes(style, false, register),
    finishesHandleless: buildFinishes(style, true, register),
  }));
}

function indexById<T extends { id: string }>(entries: Iterable<T>): Map<string, T> {
  const index = new Map<string, T>();
  for (const entry of entries) {
    if (index.has(entry.id)) throw new Error(`Duplicate catalogue id ${entry.id}`);
    index.set(entry.id, entry);
  }
  return index;
}

export function buildCatalogue(): Catalogue {
  const { swatches, register } = swatchRegistry();
  const worktopMaterials = buildWorktops(register);
  const doorStyles = buildDoorStyles(register);
  const worktopPreviews = worktopMaterials.flatMap((material) =>
    material.groups.flatMap((group) => group.colours.flatMap((colour) => colour.previews)),
  );
  const frontalPreviews = doorStyles.flatMap((style) =>
    [...style.finishesWithHandle, ...style.finishesHandleless].flatMap((finish) =>
      finish.colourGroups.flatMap((group) => group.previews),
    ),
  );
  return {
    worktopMaterials,
    doorStyles,
    worktopPreviewById: indexById(worktopPreviews),
    frontalPreviewById: indexById(frontalPreviews),
    swatchById: swatches,
  };
}

/** The server's one catalogue. */
export const catalogue: Catalogue = buildCatalogue();
