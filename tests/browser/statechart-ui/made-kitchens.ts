// The kitchens the server made for this page, as the UI model remembers them: the photo each was made from and
// the request that made it. The mirror's calls never reach the server, so the model keeps this memory where the
// chart keeps the kitchen on show (the address the model gives it) and answers the history, "generate again" and
// side by side from it as the server and the page would.
import { configurationOf } from '../../../machines/kitchen/configuration';
import { kitchensOfPhoto } from '../../../machines/kitchen/same-photo';
import type { KitchenSnapshot } from '../../../machines/kitchen/view';

type Context = KitchenSnapshot['context'];

/** Each test browser profile is a fresh guest with the test config's quota. */
export const GENERATION_LIMIT = 5;

/** How many kitchens this page generated (every one is charged, and none was refunded on these paths). */
export const generationsMade = (context: Context) =>
  GENERATION_LIMIT - (context.remainingGenerations ?? GENERATION_LIMIT);

/** A short, stable digest of a text (the model's stand-in for the server's random ids). */
const digest = (text: string) => {
  let hash = 5381;
  for (let index = 0; index < text.length; index += 1) hash = (hash * 33 + text.charCodeAt(index)) >>> 0;
  return hash.toString(36);
};

/**
 * The id the server gives a photo it stores. Every upload gets a new one: the model tells uploads apart by how
 * many kitchens were made before it, since an upload replaced before a kitchen was made from it is never a
 * kitchen's photo (and Start over keeps that count, where it forgets the kitchen on show).
 */
export const uploadedImageId = (context: Context, how: 'checked' | 'marked' | 'generated') =>
  `image-${context.file?.name}-${how}-${generationsMade(context)}`;

/**
 * What the server compares to find an earlier kitchen offline (issue 22): the photo's id, the empty room, the
 * marked surfaces and every choice. Null when the request will upload the photo anew (no id yet): a new id, so
 * a new kitchen.
 */
const generationRequestOf = (context: Context): string | null =>
  context.inputImageId === null
    ? null
    : digest(
        JSON.stringify([
          context.inputImageId,
          context.emptyRoomId,
          context.photoMarking === 'marked',
          configurationOf(context),
        ]),
      );

/** A kitchen made in this page: its photo's server id, and its request (null: one that cannot come again). */
interface MadeKitchen {
  photo: string;
  request: string | null;
}

/** Every kitchen made in this page, oldest first, and the one on show. */
interface KitchensOnShow {
  kitchens: MadeKitchen[];
  shown: number;
}

/** The address the model gives the kitchen on show, naming every kitchen made so far. Only the model reads it. */
const kitchenUrlOf = ({ kitchens, shown }: KitchensOnShow) =>
  `/api/v1/images/generated?kitchens=${encodeURIComponent(JSON.stringify(kitchens))}&shown=${shown}`;

const parsedUrls = new Map<string, KitchensOnShow>();
const kitchensOnShowIn = (imageUrl: string | null): KitchensOnShow | null => {
  if (imageUrl === null) return null;
  let parsed = parsedUrls.get(imageUrl);
  if (!parsed) {
    const query = new URLSearchParams(imageUrl.split('?')[1] ?? '');
    parsed = {
      kitchens: JSON.parse(query.get('kitchens') ?? '[]') as MadeKitchen[],
      shown: Number(query.get('shown')),
    };
    parsedUrls.set(imageUrl, parsed);
  }
  return parsed;
};

/** The id the model's history gives the kitchen made `index`-th in this page (stable as more are made). */
const kitchenId = (index: number) => `generated-${index}`;

/**
 * Every kitchen made in this page, oldest first. Start over forgets the kitchen on show, but the history the page
 * loaded still names each kitchen's photo (their requests cannot come again: the next photo is a new upload); a
 * kitchen neither names is given a photo of its own.
 */
export function kitchensMade(context: Context): MadeKitchen[] {
  const onShow = kitchensOnShowIn(context.lastGeneratedImageDataUrl);
  if (onShow) return onShow.kitchens;
  const listed = [...context.generationHistory].reverse();
  return Array.from({ length: generationsMade(context) }, (_, index) => ({
    photo: listed[index]?.source?.imageId ?? `forgotten-${index}`,
    request: null,
  }));
}

/**
 * Offline, the same photo, masks and choices again answer the earlier kitchen, uncharged, with no new entry in
 * the history (issue 22): Generate again needs a changed choice to make a second kitchen.
 */
export const earlierKitchenOfRequest = (context: Context): number => {
  const request = generationRequestOf(context);
  return request === null ? -1 : kitchensMade(context).findIndex((kitchen) => kitchen.request === request);
};

/** The generation's answer: the earlier kitchen of the same request, or a new one made from the photo. */
export function generatedKitchen(context: Context): { imageUrl: string; charged: boolean } {
  const kitchens = kitchensMade(context);
  const earlier = earlierKitchenOfRequest(context);
  if (earlier >= 0) return { imageUrl: kitchenUrlOf({ kitchens, shown: earlier }), charged: false };
  // A photo without an id is uploaded anew by the generation: its kitchen's photo is one of its own.
  const made = [
    ...kitchens,
    {
      photo: context.inputImageId ?? uploadedImageId(context, 'generated'),
      request: generationRequestOf(context),
    },
  ];
  return { imageUrl: kitchenUrlOf({ kitchens: made, shown: made.length - 1 }), charged: true };
}

/** The server's history: every kitchen made in this page, newest first, each with the photo it was made from. */
export const historyAnswer = (context: Context) =>
  kitchensMade(context)
    .map(({ photo }, index) => ({
      id: kitchenId(index),
      imageUrl: `/api/v1/images/${kitchenId(index)}`,
      createdAt: 'now',
      source: { imageId: photo, imageUrl: `/api/v1/images/${photo}` },
    }))
    .reverse();

/** The history's entry of the latest kitchen on show, as the page finds it; null when none is. */
const latestKitchenId = (context: Context): string | null => {
  const onShow = kitchensOnShowIn(context.lastGeneratedImageDataUrl);
  return onShow ? kitchenId(onShow.shown) : null;
};

/**
 * The oldest kitchen the page lists under the one on show (the history without it): the last entry; with none on
 * show (the empty page) the history lists them all.
 */
export const oldestListedKitchen = (context: Context) =>
  context.generationHistory.filter(({ id }) => id !== latestKitchenId(context)).at(-1);

/**
 * The kitchens side by side offers on the result page, in the page's order: the one on show (reopened, or the
 * latest as the history lists it) first, then the others made from its photo (`kitchensOfPhoto`, the page's own
 * rule); none when the history does not list the one on show.
 */
export function comparableKitchens(context: Context): string[] {
  const history = context.generationHistory;
  const shownId = context.openedKitchenId ?? latestKitchenId(context);
  const shown = history.find(({ id }) => id === shownId);
  if (!shown) return [];
  return kitchensOfPhoto([shown, ...history.filter(({ id }) => id !== shownId)], shown).map(({ id }) => id);
}

/**
 * What the kitchens made so far decide from here on, for the model's key: how many share the newest one's photo
 * and the oldest one's (up to the two side by side needs), whether the photo chosen now is the newest one's (a
 * generation adds to its kitchens), and whether the kitchen on show is the newest (an earlier one is shown when
 * Generate again answered it). Kitchens of one photo are made one after another, so this is all side by side
 * and the history's entries can tell apart.
 */
export function kitchensShape(context: Context): unknown[] | null {
  const kitchens = kitchensMade(context);
  const newest = kitchens.at(-1);
  const oldest = kitchens[0];
  if (!newest || !oldest) return null;
  const sharing = (photo: string) =>
    Math.min(kitchens.filter((kitchen) => kitchen.photo === photo).length, 2);
  const onShow = kitchensOnShowIn(context.lastGeneratedImageDataUrl);
  return [
    sharing(newest.photo),
    oldest.photo === newest.photo ? 'one photo' : sharing(oldest.photo),
    context.inputImageId === newest.photo,
    onShow === null ? null : onShow.shown === kitchens.length - 1,
  ];
}
