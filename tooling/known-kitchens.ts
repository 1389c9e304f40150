// Kitchens the concept renderer draws with their fronts and worktop known to the pixel: the "photos" of the
// photo-result tests, and the truth that marking's segmentation is measured against.
import sharp from 'sharp';
import type { KitchenLayoutId } from '../contract/layouts';
import { catalogue } from '../server/catalogue/catalogue';
import { designFromChoices } from '../server/generation/render/design';
import { type KitchenWithMasks, renderKitchenWithMasks } from './known-masks';

export interface KnownKitchenOptions {
  width?: number;
  /** Height over width of the room photo the drawing takes its aspect ratio from (kept within 3:4 to 4:3). */
  aspect?: number;
  /** The catalogue's names of the front as drawn: door-style group, finish, colour. */
  front?: { group: string; finish: string; colour: string };
  /** The catalogue's names of the worktop as drawn: material, colour, finish. */
  worktop?: { material: string; colour: string; finish: string };
  layout?: KitchenLayoutId;
  hasIsland?: boolean;
  /** The room's wall and floor colour, read as its light. */
  room?: string;
}

export function catalogueFront(group: string, finish: string, colour: string) {
  const found = [...catalogue.frontalPreviewById.values()].find(
    (entry) =>
      entry.doorStyleGroup === group &&
      entry.finish === finish &&
      entry.colour === colour &&
      !entry.isHandleless,
  );
  if (!found) throw new Error(`No front ${group} ${finish} ${colour} in the catalogue`);
  return found;
}

export function catalogueWorktop(material: string, colour: string, finish: string) {
  const found = [...catalogue.worktopPreviewById.values()].find(
    (entry) => entry.material === material && entry.colour === colour && entry.finish === finish,
  );
  if (!found) throw new Error(`No worktop ${material} ${colour} ${finish} in the catalogue`);
  return found;
}

/** A white Shaker kitchen with an oak laminate worktop (a short upstand, so the worktop is the counter plane). */
export async function knownKitchen(options: KnownKitchenOptions = {}): Promise<KitchenWithMasks> {
  const width = options.width ?? 1200;
  const front = options.front ?? { group: 'Shaker', finish: 'Matt', colour: 'Pure White' };
  const top = options.worktop ?? { material: 'Laminate', colour: 'Natural Oak', finish: 'Matt' };
  const room = await sharp({
    create: {
      width: 400,
      height: Math.round(400 * (options.aspect ?? 0.75)),
      channels: 3,
      background: options.room ?? '#e8e4dc',
    },
  })
    .png()
    .toBuffer();
  const design = designFromChoices(
    catalogueFront(front.group, front.finish, front.colour),
    catalogueWorktop(top.material, top.colour, top.finish),
    options.layout ?? 'l-shaped',
    options.hasIsland ?? true,
  );
  return renderKitchenWithMasks(room, design, width);
}
