// The one prompt builder every photoreal provider uses: the kitchen from the user's catalogue choices (names and
// hex values, material, finish, door and handle style, layout and island, then any other step's choice in
// words), and the empty room; both with the
// same instructions to keep the room itself exactly as photographed. Models follow colour names better than hex
// values, so each colour is given as both. One paragraph: multipart encoding would rewrite line breaks.
import type { DoorProfile, SurfaceTexture } from '../../../contract/catalogue';
import { findKitchenLayout, type KitchenLayoutId } from '../../../contract/layouts';
import type { FrontalPreviewEntry, WorktopPreviewEntry } from '../../catalogue/catalogue';
import {
  choicesInWords,
  type DescribedChoice,
  otherChoicesOf,
  type ResolvedConfiguration,
  type ResolvedLook,
} from '../configuration';
import { type HandleStyle, handleStyleFor } from '../render/design';

/** The resolved configuration; of its choices, those of steps it has no words of its own for are named (D40). */
export type KitchenPromptChoices = ResolvedLook & Partial<Pick<ResolvedConfiguration, 'choices'>>;

/** What must not change, for both the empty room and the kitchen. */
export const KEEP_THE_ROOM =
  'Keep the room exactly as it is in the photo: the same walls, ceiling and floor, the same windows and doors ' +
  'in the same places and sizes, the same radiators, sockets and light fittings, and the same camera position, ' +
  'lens, perspective and daylight direction. Do not add, move or resize any window, door or wall.';

const PHOTOGRAPHY =
  'Photorealistic interior photograph, realistic light and shadows, straight vertical lines, no people, no text.';

/** For the diffusion models that take one (ComfyUI); the instruction-following models get only the prompt. */
export const NEGATIVE_PROMPT =
  'lowres, blurry, watermark, text, deformed, warped walls, curved walls, extra windows, extra doors, ' +
  'changed layout, modified structure, broken geometry, people';

const PROFILE_LOOK: Readonly<Record<DoorProfile, string>> = {
  shaker: 'a recessed centre panel inside a square frame',
  'slim-shaker': 'a recessed centre panel inside a narrow frame',
  'in-frame': 'doors set inside a visible face frame',
  beaded: 'doors set inside a face frame with a beaded inner edge',
  'tongue-and-groove': 'vertical tongue-and-groove boards',
  glazed: 'a glass panel inside a frame',
  slab: 'flat slab fronts',
  fluted: 'vertical fluting across the front',
  curved: 'flat fronts curving round the end units',
  'j-pull': 'flat fronts with a J-shaped finger pull along the top edge',
  rail: 'flat fronts with a recessed handle rail between them',
};

const HANDLE_LOOK: Readonly<Record<HandleStyle, string>> = {
  bar: 'slim bar handles',
  knob: 'round knobs',
  cup: 'cup handles on the drawers and knobs on the doors',
  none: 'no handles at all (handleless: opened by the groove or rail, or push to open)',
};

const TEXTURE_LOOK: Readonly<Record<SurfaceTexture, string>> = {
  veined: 'natural veining',
  speckled: 'fine speckles',
  wood: 'visible wood grain',
  concrete: 'a cast concrete look',
  steel: 'a metal surface',
  plain: 'an even solid colour',
};

/** "Sage Green (#8A9A7B)": the name a model follows and the exact value. */
const colour = (name: string, hex: string) => `${name} (${hex.toUpperCase()})`;

function layoutSentence(layout: KitchenLayoutId, hasIsland: boolean): string {
  const known = findKitchenLayout(layout);
  const shape = known ? `${known.name} layout: ${known.description}` : `${layout} layout.`;
  const island = hasIsland
    ? 'Add a freestanding kitchen island in the same fronts and worktop, with room to walk round it.'
    : 'No kitchen island.';
  return `${shape} ${island}`;
}

function frontsSentence(frontal: FrontalPreviewEntry): string {
  const handle = HANDLE_LOOK[handleStyleFor(frontal.doorStyleGroup, frontal.isHandleless)];
  return (
    `Cabinet fronts: ${frontal.doorStyleGroup} door style (${PROFILE_LOOK[frontal.profile]}), with ${handle}, ` +
    `${frontal.finish} finish, colour ${colour(frontal.colour, frontal.hex)}.`
  );
}

function worktopSentence(worktop: WorktopPreviewEntry): string {
  const accent = worktop.accentHex ? ` in ${worktop.accentHex.toUpperCase()}` : '';
  return (
    `Worktop: ${worktop.material}, colour ${colour(worktop.colour, worktop.hex)} with ` +
    `${TEXTURE_LOOK[worktop.texture]}${accent}, ${worktop.finish} finish, about 30 mm thick.`
  );
}

/** "Also as chosen: Splashback: Tiles; Flooring: Light oak." — or nothing when there are none. */
function otherChoicesSentence(choices: readonly DescribedChoice[]): string[] {
  return choices.length === 0 ? [] : [`Also as chosen: ${choicesInWords(choices)}.`];
}

export function kitchenPrompt(choices: KitchenPromptChoices): string {
  return [
    'Renovate the kitchen in this exact photo.',
    KEEP_THE_ROOM,
    'Replace only the kitchen units, worktops and appliances with this new fitted kitchen.',
    layoutSentence(choices.layout, choices.hasIsland),
    frontsSentence(choices.frontal),
    worktopSentence(choices.worktop),
    ...otherChoicesSentence(otherChoicesOf(choices.choices)),
    'Integrated appliances and a sink in the worktop.',
    PHOTOGRAPHY,
  ].join(' ');
}

export function emptyRoomPrompt(): string {
  return [
    'Empty this exact photo of a kitchen: remove every kitchen unit, cabinet, worktop, appliance, shelf and ' +
      'loose object, so only the bare room remains.',
    KEEP_THE_ROOM,
    'Where the units stood, continue the walls and floor exactly as they look around them.',
    PHOTOGRAPHY,
  ].join(' ');
}
