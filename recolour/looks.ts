import type { FrontFinish, SurfaceTexture, WorktopFinish } from '../contract/catalogue';
import { worktopSurfaceOf } from '../contract/worktop-catalogue';

// What the recolour paints: the chosen fronts' colour and finish, and the chosen worktop's surface. Read from a
// catalogue row in this one place, by the server (its catalogue entries) and by the browser (the rows the API
// answers), so both paint the same choice the same way.

/** How the chosen fronts look. */
export interface FrontLook {
  hex: string;
  finish: FrontFinish;
}

/** How the chosen worktop looks: its surface's pattern, colours and finish. */
export interface WorktopLook {
  texture: SurfaceTexture;
  hex: string;
  accentHex?: string;
  finish: WorktopFinish;
}

/** Both looks of a photo result. */
export interface PhotoLook {
  fronts: FrontLook;
  worktop: WorktopLook;
}

/** What a front's catalogue row says of its look. */
export type FrontRow = FrontLook;
/** What a worktop's catalogue row says of its look, and its material's name. */
export type WorktopRow = WorktopLook & { material: string };

/** The chosen front's and worktop's looks, read from their catalogue rows. */
export function surfaceLooksOf(
  frontal: FrontRow,
  worktop: WorktopRow,
): { fronts: FrontLook; worktop: WorktopRow } {
  const { material, texture, hex, accentHex, finish } = worktop;
  return {
    fronts: { hex: frontal.hex, finish: frontal.finish },
    worktop: { material, texture, hex, finish, ...(accentHex ? { accentHex } : {}) },
  };
}

/** The app's front choice as the catalogue's API names it: its colour (`primary_hex`) and finish. */
export interface FrontChoice {
  hex: string;
  finish: string;
}
/** The app's worktop choice as the catalogue's API names it: its material, colour and finish. */
export interface WorktopChoice {
  material: string;
  colour: string;
  finish: string;
}

/** The front's look, or undefined for a finish the catalogue does not know. */
export const frontLookOf = (front: FrontChoice): FrontLook | undefined =>
  isFrontFinish(front.finish) ? { hex: front.hex, finish: front.finish } : undefined;

/** The worktop's look (its surface from the catalogue's facts), or undefined for a name the catalogue does not know. */
export function worktopLookOf(worktop: WorktopChoice): WorktopLook | undefined {
  const surface = worktopSurfaceOf(worktop.material, worktop.colour);
  return surface && isWorktopFinish(worktop.finish) ? { ...surface, finish: worktop.finish } : undefined;
}

/**
 * The looks of the app's choices, as the catalogue's API names them: the front's colour (`primary_hex`) and
 * finish, the worktop's material, colour and finish, whose surface (texture, vein colour) the catalogue's facts
 * give (contract/worktop-catalogue.ts). Undefined for a name the catalogue does not know.
 */
export function looksOfChoices(front: FrontChoice, worktop: WorktopChoice): PhotoLook | undefined {
  const fronts = frontLookOf(front);
  const top = worktopLookOf(worktop);
  return fronts && top ? { fronts, worktop: top } : undefined;
}

/**
 * What the live preview paints while the wizard is under way (issue 33): each surface whose choice is made so
 * far, the others left as the photo has them.
 */
export type PartialLook = Partial<PhotoLook>;

/** The looks of the choices made so far: a surface not chosen yet (or unknown to the catalogue) is left out. */
export function looksSoFar(front: FrontChoice | null, worktop: WorktopChoice | null): PartialLook {
  const fronts = front && frontLookOf(front);
  const top = worktop && worktopLookOf(worktop);
  return { ...(fronts && { fronts }), ...(top && { worktop: top }) };
}

/** How much each front finish reflects, 0 (dead matt) to 1 (high gloss). */
const FRONT_SHEEN: Readonly<Record<FrontFinish, number>> = {
  'Super-Matt': 0,
  Matt: 0.1,
  Painted: 0.25,
  Woodgrain: 0.3,
  Lacquered: 0.6,
  Gloss: 1,
};

export const frontSheen = (finish: FrontFinish): number => FRONT_SHEEN[finish];

const isFrontFinish = (name: string): name is FrontFinish => Object.hasOwn(FRONT_SHEEN, name);

/** How much a worktop finish reflects: the concept's window streak, and the photo's reflections kept. */
const WORKTOP_REFLECTION: Readonly<Record<WorktopFinish, number>> = {
  Polished: 0.42,
  Gloss: 0.42,
  Lacquered: 0.22,
  Satin: 0.14,
  Oiled: 0.1,
  Brushed: 0.12,
  Honed: 0,
  Matt: 0,
  Textured: 0,
  Leathered: 0,
};

export const worktopReflection = (finish: WorktopFinish): number => WORKTOP_REFLECTION[finish];

const isWorktopFinish = (name: string): name is WorktopFinish => Object.hasOwn(WORKTOP_REFLECTION, name);
