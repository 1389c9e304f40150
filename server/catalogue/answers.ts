import type {
  DoorStyleGroupsResponse,
  FinishesResponse,
  FrontalColourGroupsResponse,
  FrontalPreviewsResponse,
  HandleStylesResponse,
  WorktopColourGroupsResponse,
  WorktopColoursResponse,
  WorktopMaterialsResponse,
  WorktopPreviewsResponse,
} from '../../contract/catalogue';
import type { Catalogue, DoorStyleNode, FrontalFinishNode, WorktopMaterialNode } from './catalogue';
import { badQuery, notFound } from './errors';

// The answer to each catalogue lookup of spec §7, in its contract shape. A name that the catalogue does not
// hold throws a 404 naming what was not found.

/** Names match as a person types them: case-insensitive and Unicode-normalised (é typed two ways). */
export function nameKey(name: string): string {
  return name.normalize('NFC').trim().toLocaleLowerCase('en-GB');
}

function findNamed<T>(items: readonly T[], nameOf: (item: T) => string, name: string, what: string): T {
  const key = nameKey(name);
  const found = items.find((item) => nameKey(nameOf(item)) === key);
  if (found === undefined) throw notFound(`No ${what} named "${name}".`);
  return found;
}

const byName = (item: { name: string }) => item.name;

/** A colour as the spec's wire spells it (§3: `primary_hex`, `image_url`); the code calls its hex `hex`. */
const wireColour = ({ colour, hex, imageUrl }: { colour: string; hex: string; imageUrl: string }) => ({
  colour,
  primary_hex: hex,
  image_url: imageUrl,
});
const names = (items: readonly { name: string }[]) => items.map(byName);

function material(catalogue: Catalogue, name: string): WorktopMaterialNode {
  return findNamed(catalogue.worktopMaterials, byName, name, 'worktop material');
}

function doorStyle(catalogue: Catalogue, name: string): DoorStyleNode {
  return findNamed(catalogue.doorStyles, byName, name, 'door-style group');
}

function finishesOf(style: DoorStyleNode, isHandleless: boolean): FrontalFinishNode[] {
  const finishes = isHandleless ? style.finishesHandleless : style.finishesWithHandle;
  if (finishes.length === 0) {
    throw notFound(`Door style "${style.name}" is not made ${isHandleless ? 'handleless' : 'with handles'}.`);
  }
  return finishes;
}

function finishOf(style: DoorStyleNode, isHandleless: boolean, finish: string): FrontalFinishNode {
  return findNamed(finishesOf(style, isHandleless), byName, finish, `finish for "${style.name}"`);
}

export function worktopMaterials(catalogue: Catalogue): WorktopMaterialsResponse {
  return { materials: names(catalogue.worktopMaterials) };
}

export function worktopColourGroups(catalogue: Catalogue, materialName: string): WorktopColourGroupsResponse {
  return { groups: names(material(catalogue, materialName).groups) };
}

export function worktopColours(
  catalogue: Catalogue,
  materialName: string,
  groupName: string,
  colourGroupQuery: string | undefined,
): WorktopColoursResponse {
  // The path names the group; the query may repeat it (spec §7 lists both), but never contradict it.
  if (colourGroupQuery !== undefined && nameKey(colourGroupQuery) !== nameKey(groupName)) {
    throw badQuery('Query parameter `colour_group` must name the same group as the path.');
  }
  const group = findNamed(
    material(catalogue, materialName).groups,
    byName,
    groupName,
    'worktop colour group',
  );
  return {
    colours: group.colours.map(wireColour),
  };
}

export function worktopPreviews(
  catalogue: Catalogue,
  materialName: string,
  colourGroupName: string | undefined,
  colourName: string | undefined,
): WorktopPreviewsResponse {
  const groups = material(catalogue, materialName).groups;
  const inGroups =
    colourGroupName === undefined
      ? groups
      : [findNamed(groups, byName, colourGroupName, 'worktop colour group')];
  const colours = inGroups.flatMap((group) => group.colours);
  const chosen =
    colourName === undefined
      ? colours
      : [findNamed(colours, (item) => item.colour, colourName, 'worktop colour')];
  return { worktops: chosen.flatMap((colour) => colour.previews.map(({ id, finish }) => ({ id, finish }))) };
}

export function doorStyleGroups(catalogue: Catalogue): DoorStyleGroupsResponse {
  return { groups: names(catalogue.doorStyles) };
}

export function handleStyles(catalogue: Catalogue, doorStyleGroup: string): HandleStylesResponse {
  return { handles: doorStyle(catalogue, doorStyleGroup).handleOptions };
}

export function finishes(
  catalogue: Catalogue,
  doorStyleGroup: string,
  isHandleless: boolean,
): FinishesResponse {
  return { finishes: names(finishesOf(doorStyle(catalogue, doorStyleGroup), isHandleless)) };
}

export function frontalColourGroups(
  catalogue: Catalogue,
  doorStyleGroup: string,
  finish: string,
  isHandleless: boolean,
): FrontalColourGroupsResponse {
  return { groups: names(finishOf(doorStyle(catalogue, doorStyleGroup), isHandleless, finish).colourGroups) };
}

export function frontalPreviews(
  catalogue: Catalogue,
  doorStyleGroup: string,
  isHandleless: boolean,
  finish: string,
  colourGroup: string,
): FrontalPreviewsResponse {
  const finishNode = finishOf(doorStyle(catalogue, doorStyleGroup), isHandleless, finish);
  const group = findNamed(finishNode.colourGroups, byName, colourGroup, `colour group for ${finish}`);
  return {
    frontals: group.previews.map((preview) => ({ id: preview.id, ...wireColour(preview) })),
  };
}
