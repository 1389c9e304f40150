// How each step looks, by kind: the words, pictures and events of its cards. The kind's screen (steps/) renders
// it; what is chosen and where it is kept is the step's row (machines/kitchen/step-table.ts). A catalogue or
// grouped step missing here does not compile; a fixed-choice step may leave its look out and shows its row's words.
import type { ReactNode } from 'react';
import { findKitchenLayout } from '../../../contract/layouts';
import type { CatalogueItems, CatalogueKind } from '../../../machines/kitchen/catalogue';
import type { KitchenContext } from '../../../machines/kitchen/context';
import type { KitchenEvent } from '../../../machines/kitchen/events';
import type { StepOption } from '../../../machines/kitchen/step-table';
import type { RowOf, StepId, StepIdOfKind } from '../../../machines/kitchen/steps';
import type { Choice } from '../../components/ChoiceGroup';
import { DoorProfileIcon, profileOfDoorStyle } from '../../components/DoorProfileIcon';
import { LayoutPlan } from '../../components/LayoutPlan';
import { Swatch } from '../../components/Swatch';
import { frontFinishNote, worktopFinishNote, worktopMaterialNote } from './choice-notes';

type ItemOf<K> = K extends CatalogueKind ? CatalogueItems[K][number] : never;
/** Any catalogue item: a kind's screen holds the look of whichever step is on screen. */
export type AnyItem = ItemOf<CatalogueKind>;

export type CatalogueStepId = StepIdOfKind<'catalogue-choice'>;
export type GroupedStepId = StepIdOfKind<'grouped-swatch'>;

/** Words that may depend on what was chosen before. */
type LookText = string | ((context: KitchenContext) => string);
export const lookText = (text: LookText, context: KitchenContext) =>
  typeof text === 'string' ? text : text(context);

/** A card without its value: the screen adds the item. */
type Card<T> = (item: T, context: KitchenContext) => Omit<Choice<T>, 'value'>;

export interface CatalogueLook<T> {
  legend: LookText;
  hideLegend?: boolean;
  /** The radio group's name, unique on the page (default: the step's id, as a fixed choice's group is named). */
  name?: string;
  loadingLabel: string;
  emptyMessage: string;
  option: Card<T>;
  /** The event a card sends (default: the shared `STEP.CHOSEN` with the item, for a row naming no event). */
  choose?: (item: T) => KitchenEvent;
}

export interface GroupedLook<T> {
  groupLegend: LookText;
  groupName: string;
  /** What the step says when the earlier choices leave no group. */
  noGroups: string;
  chooseGroup: (group: string) => KitchenEvent;
  swatchName: string;
  swatch: Card<T>;
  choose: (item: T) => KitchenEvent;
}

export interface FixedLook {
  legend?: string;
  loadingLabel?: string;
  /** What the card shows beyond the row's words, or other words for it. */
  option?: (option: StepOption, context: KitchenContext) => Partial<Choice<string>>;
  /** A note under the cards. */
  note?: (context: KitchenContext) => ReactNode;
}

/** A neutral front colour to show each finish's sheen on. */
const FINISH_SAMPLE_HEX = '#d9d2c5';

export const CATALOGUE_LOOKS: { [S in CatalogueStepId]: CatalogueLook<ItemOf<RowOf<S>['list']>> } = {
  design: {
    // The step's own title heads it (issue 36): a second, visible "Door Style" read as another name for it.
    legend: 'Design Style',
    hideLegend: true,
    name: 'door-style',
    loadingLabel: 'Loading door styles…',
    emptyMessage: 'No door styles are available right now.',
    option: (group) => ({
      key: group,
      label: group,
      visual: <DoorProfileIcon profile={profileOfDoorStyle(group)} />,
    }),
    choose: (group) => ({ type: 'DESIGN.SELECTED', group, image: null }),
  },
  finishing: {
    legend: 'Finish',
    hideLegend: true,
    name: 'finish',
    loadingLabel: 'Loading finishes…',
    emptyMessage: 'No finishes are made for this door style and handle choice. Go back to choose another.',
    option: (finish) => ({
      key: finish,
      label: finish,
      description: frontFinishNote(finish),
      visual: <Swatch hex={FINISH_SAMPLE_HEX} finish={finish} />,
    }),
    choose: (finish) => ({ type: 'FINISH.SELECTED', finish }),
  },
  material: {
    legend: 'Worktop Material',
    hideLegend: true,
    name: 'worktop-material',
    loadingLabel: 'Loading worktop materials…',
    emptyMessage: 'No worktop materials are available right now.',
    option: (material) => ({ key: material, label: material, description: worktopMaterialNote(material) }),
    choose: (material) => ({ type: 'MATERIAL.SELECTED', material }),
  },
  'material-preview': {
    legend: ({ worktops }) =>
      worktops.selectedColourPreview
        ? `Finish for ${worktops.selectedColourPreview.colour}`
        : 'Worktop Finish',
    hideLegend: true,
    name: 'worktop-finish',
    loadingLabel: 'Loading worktop finishes…',
    emptyMessage: 'No finishes are made for this worktop color. Go back to choose another color.',
    option: (worktop, { worktops: { selectedColourPreview: colour } }) => ({
      key: worktop.id,
      label: worktop.finish,
      description: worktopFinishNote(worktop.finish),
      visual: <Swatch hex={colour?.primary_hex} imageUrl={colour?.image_url} finish={worktop.finish} />,
    }),
    choose: (worktop) => ({ type: 'WORKTOP.SELECTED', worktop }),
  },
};

export const GROUPED_LOOKS: { [S in GroupedStepId]: GroupedLook<ItemOf<RowOf<S>['swatches']>> } = {
  'frontal-color': {
    groupLegend: 'Color Group',
    groupName: 'front-colour-group',
    noGroups: 'No colors are made in this finish. Go back to choose another finish.',
    chooseGroup: (group) => ({ type: 'FRONTAL_COLOUR_GROUP.SELECTED', group }),
    swatchName: 'front-colour',
    swatch: (frontal, { frontals }) => ({
      key: frontal.id,
      label: frontal.colour,
      visual: (
        <Swatch
          hex={frontal.primary_hex}
          imageUrl={frontal.image_url}
          finish={frontals.finish ?? undefined}
        />
      ),
    }),
    choose: (frontal) => ({ type: 'FRONTAL.SELECTED', frontal }),
  },
  'material-color': {
    groupLegend: ({ worktops }) => (worktops.material ? `${worktops.material} Color Group` : 'Color Group'),
    groupName: 'worktop-colour-group',
    noGroups: 'No colors are available for this material. Go back to choose another.',
    chooseGroup: (group) => ({ type: 'WORKTOP_COLOUR_GROUP.SELECTED', group }),
    swatchName: 'worktop-colour',
    swatch: (item) => ({
      key: item.colour,
      label: item.colour,
      visual: <Swatch hex={item.primary_hex} imageUrl={item.image_url} />,
    }),
    choose: (colour) => ({ type: 'WORKTOP_COLOUR.SELECTED', colour }),
  },
};

/** The shape the island cards draw: the chosen layout's, or an L until one is chosen. */
const shapeOf = (context: KitchenContext) => context.selectedShape ?? 'l-shaped';

export const FIXED_LOOKS: Partial<Record<StepId, FixedLook>> = {
  handles: {
    loadingLabel: 'Loading handle options…',
    option: ({ value }) => ({
      visual:
        value === 'yes' ? (
          <DoorProfileIcon profile="j-pull" withHandle={false} />
        ) : (
          <DoorProfileIcon profile="slab" withHandle />
        ),
    }),
  },
  'kitchen-shape': {
    legend: 'Kitchen Layout',
    option: ({ value }) => ({ visual: <LayoutPlan shape={value} /> }),
  },
  'kitchen-island': {
    legend: 'Kitchen Island',
    option: ({ value }, context) => ({
      ...(value === 'yes' && { label: 'Yes, add an island' }),
      visual: <LayoutPlan shape={shapeOf(context)} island={value === 'yes'} />,
    }),
    note: (context) => {
      const layout = findKitchenLayout(shapeOf(context));
      return (
        layout &&
        !layout.islandFriendly && (
          <p className="notice">
            Tip: a {layout.name.toLowerCase()} kitchen rarely leaves room for an island, but you can still try
            one.
          </p>
        )
      );
    },
  },
};
