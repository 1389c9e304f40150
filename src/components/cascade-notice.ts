// Words for the selection cascades (spec §4): when the context clears choices because an earlier one changed,
// the screen says so. The clearing itself is the statechart's; this only compares before and after.
import type { FrontalsSelection, WorktopsSelection } from '../../machines/kitchen/selections';

export interface Selections {
  frontals: FrontalsSelection;
  worktops: WorktopsSelection;
}

type Field = { [S in keyof Selections]: { store: S; key: keyof Selections[S] } }[keyof Selections];

interface CascadeRule {
  cause: Field;
  /** How the change is named: "because you changed the door style". */
  causeLabel: string;
  dependents: readonly (Field & { label: string })[];
}

const frontal = (key: keyof FrontalsSelection) => ({ store: 'frontals', key }) as const;
const worktop = (key: keyof WorktopsSelection) => ({ store: 'worktops', key }) as const;

// Earliest cause first: one change reports once, by the choice the user actually made.
const CASCADE_RULES: readonly CascadeRule[] = [
  {
    cause: frontal('doorStyleGroup'),
    causeLabel: 'the door style',
    dependents: [
      { ...frontal('isHandleless'), label: 'handle choice' },
      { ...frontal('finish'), label: 'finish' },
      { ...frontal('colorGroup'), label: 'color group' },
      { ...frontal('selectedFrontalId'), label: 'front color' },
    ],
  },
  {
    cause: frontal('isHandleless'),
    causeLabel: 'the handle choice',
    dependents: [
      { ...frontal('finish'), label: 'finish' },
      { ...frontal('colorGroup'), label: 'color group' },
      { ...frontal('selectedFrontalId'), label: 'front color' },
    ],
  },
  {
    cause: frontal('finish'),
    causeLabel: 'the finish',
    dependents: [
      { ...frontal('colorGroup'), label: 'color group' },
      { ...frontal('selectedFrontalId'), label: 'front color' },
    ],
  },
  {
    cause: frontal('colorGroup'),
    causeLabel: 'the color group',
    dependents: [{ ...frontal('selectedFrontalId'), label: 'front color' }],
  },
  {
    cause: worktop('material'),
    causeLabel: 'the worktop material',
    dependents: [
      { ...worktop('colourGroup'), label: 'worktop color group' },
      { ...worktop('colour'), label: 'worktop color' },
      { ...worktop('selectedWorktopId'), label: 'worktop finish' },
    ],
  },
  {
    cause: worktop('colourGroup'),
    causeLabel: 'the worktop color group',
    dependents: [
      { ...worktop('colour'), label: 'worktop color' },
      { ...worktop('selectedWorktopId'), label: 'worktop finish' },
    ],
  },
  {
    cause: worktop('colour'),
    causeLabel: 'the worktop color',
    dependents: [{ ...worktop('selectedWorktopId'), label: 'worktop finish' }],
  },
];

const read = (selections: Selections, field: Field): unknown =>
  (selections[field.store] as unknown as Record<string, unknown>)[field.key as string];

const listInWords = (labels: readonly string[]): string => {
  const sentence =
    labels.length <= 1 ? (labels[0] ?? '') : `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}`;
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
};

/**
 * The note to show when a changed choice cleared later ones, e.g. "Finish and front colour cleared because you
 * changed the door style"; null when nothing was cleared by a change (a reset clears without a new choice).
 */
export const cascadeNotice = (before: Selections, after: Selections): string | null => {
  for (const rule of CASCADE_RULES) {
    const previous = read(before, rule.cause);
    const current = read(after, rule.cause);
    if (previous === null || current === null || previous === current) continue;
    const cleared = rule.dependents.filter(
      (field) => read(before, field) !== null && read(after, field) === null,
    );
    if (cleared.length === 0) return null;
    return `${listInWords(cleared.map((field) => field.label))} cleared because you changed ${rule.causeLabel}.`;
  }
  return null;
};
