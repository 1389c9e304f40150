import { z } from 'zod';

// One schema per catalogue response (spec §3, §5, §7), named after the entries of `cataloguePaths` in
// `contract/endpoints.ts`. The server answers exactly these shapes; the app checks every response with them
// and rejects one that fails (spec §5: uuid fields are valid uuids, string lists are arrays of strings).

const stringList = z.array(z.string());

// The finishes and surface textures the catalogue names: the swatch drawing, the concept drawing and the recolour
// (recolour/looks.ts) all paint by them, on the server and in the browser.

/** How a door is drawn: its panel profile. */
export type DoorProfile =
  | 'shaker'
  | 'slim-shaker'
  | 'in-frame'
  | 'beaded'
  | 'tongue-and-groove'
  | 'glazed'
  | 'slab'
  | 'fluted'
  | 'curved'
  | 'j-pull'
  | 'rail';

/** A door front's finish. */
export type FrontFinish = 'Gloss' | 'Matt' | 'Super-Matt' | 'Painted' | 'Lacquered' | 'Woodgrain';

/** A worktop's finish. */
export type WorktopFinish =
  | 'Polished'
  | 'Honed'
  | 'Leathered'
  | 'Textured'
  | 'Matt'
  | 'Satin'
  | 'Gloss'
  | 'Oiled'
  | 'Lacquered'
  | 'Brushed';

/** How a worktop's surface is patterned. */
export type SurfaceTexture = 'veined' | 'speckled' | 'wood' | 'concrete' | 'steel' | 'plain';

/**
 * An item's price, only where a documented price list gives one (the embedded catalogue has none: D38). In the
 * currency's main unit (pounds, euros); ISO 4217 currency.
 */
export const priceSchema = z.object({
  amount: z.number().nonnegative(),
  currency: z.string().regex(/^[A-Z]{3}$/),
});
export type Price = z.infer<typeof priceSchema>;

export const worktopColourSchema = z.object({
  colour: z.string(),
  primary_hex: z.string().optional(),
  image_url: z.string().optional(),
});
export type WorktopColour = z.infer<typeof worktopColourSchema>;

export const worktopPreviewSchema = z.object({
  id: z.uuid(),
  finish: z.string(),
  price: priceSchema.optional(),
});
export type WorktopPreview = z.infer<typeof worktopPreviewSchema>;

export const frontalPreviewSchema = z.object({
  id: z.uuid(),
  colour: z.string(),
  primary_hex: z.string(),
  image_url: z.string(),
  price: priceSchema.optional(),
});
export type FrontalPreview = z.infer<typeof frontalPreviewSchema>;

export const worktopMaterialsResponse = z.object({ materials: stringList });
export const worktopColourGroupsResponse = z.object({ groups: stringList });
export const worktopColoursResponse = z.object({ colours: z.array(worktopColourSchema) });
export const worktopPreviewsResponse = z.object({ worktops: z.array(worktopPreviewSchema) });
export const doorStyleGroupsResponse = z.object({ groups: stringList });
export const handleStylesResponse = z.object({ handles: stringList });
export const finishesResponse = z.object({ finishes: stringList });
export const frontalColourGroupsResponse = z.object({ groups: stringList });
export const frontalPreviewsResponse = z.object({ frontals: z.array(frontalPreviewSchema) });

export type WorktopMaterialsResponse = z.infer<typeof worktopMaterialsResponse>;
export type WorktopColourGroupsResponse = z.infer<typeof worktopColourGroupsResponse>;
export type WorktopColoursResponse = z.infer<typeof worktopColoursResponse>;
export type WorktopPreviewsResponse = z.infer<typeof worktopPreviewsResponse>;
export type DoorStyleGroupsResponse = z.infer<typeof doorStyleGroupsResponse>;
export type HandleStylesResponse = z.infer<typeof handleStylesResponse>;
export type FinishesResponse = z.infer<typeof finishesResponse>;
export type FrontalColourGroupsResponse = z.infer<typeof frontalColourGroupsResponse>;
export type FrontalPreviewsResponse = z.infer<typeof frontalPreviewsResponse>;

/** Every response schema keyed like `cataloguePaths`, so a client or test can pair a path with its check. */
export const catalogueResponseSchemas = {
  worktopMaterials: worktopMaterialsResponse,
  worktopColourGroups: worktopColourGroupsResponse,
  worktopColours: worktopColoursResponse,
  worktopPreviews: worktopPreviewsResponse,
  doorStyleGroups: doorStyleGroupsResponse,
  handleStyles: handleStylesResponse,
  finishes: finishesResponse,
  frontalColourGroups: frontalColourGroupsResponse,
  frontalPreviews: frontalPreviewsResponse,
} as const;

// Spec §3: a provider may spell the field `color` and may send the list as {colours}, {colors} or bare. The
// app parses with this lenient schema, which outputs the canonical `{ colours: WorktopColour[] }`.
const lenientColour = z
  .object({
    colour: z.string().optional(),
    color: z.string().optional(),
    primary_hex: z.string().optional(),
    image_url: z.string().optional(),
  })
  .refine((entry) => entry.colour !== undefined || entry.color !== undefined, {
    message: 'a colour needs a `colour` (or `color`) name',
  })
  .transform(({ colour, color, primary_hex, image_url }): WorktopColour => {
    // The refine above guarantees one of the two names is present.
    const normalised: WorktopColour = { colour: colour ?? color ?? '' };
    if (primary_hex !== undefined) normalised.primary_hex = primary_hex;
    if (image_url !== undefined) normalised.image_url = image_url;
    return normalised;
  });
const lenientColourList = z.array(lenientColour);

export const worktopColoursResponseLenient = z
  .union([
    lenientColourList,
    z.object({ colours: lenientColourList }),
    z.object({ colors: lenientColourList }),
  ])
  .transform((body): WorktopColoursResponse => {
    if (Array.isArray(body)) return { colours: body };
    return { colours: 'colours' in body ? body.colours : body.colors };
  });
