// The kitchen's choices as a short list, each with its "Change" (issues 16 and 25): the wizard at that step with
// every other choice kept; Next then returns to the review. Shown on the result page and as the review itself.
import { choiceNameOf } from '../../../contract/kitchen-choices';
import type { KitchenContext } from '../../../machines/kitchen/context';
import { chosenOn, FIRST_STEP, STEP_IDS, type StepId } from '../../../machines/kitchen/steps';
import { useKitchenContext, useSend } from '../../kitchen/use-kitchen';
import { Fold } from './Fold';

/** A choice's name as a row heads it ("Worktop finish"); the first step's is the photo. */
const choiceTitle = (step: StepId): string => (step === FIRST_STEP ? 'Photo' : choiceNameOf(step));

/**
 * What a step chooses, as its Change button names it to a screen reader ("Change the worktop finish"): the
 * choice's name the share page and the spec sheet show (a step added to the table is named from its id).
 */
export const choiceOfStep = (step: StepId): string => choiceTitle(step).toLowerCase();

/** A step's choice as the visitor read it on the step (its option's words, a layout by its name): the photo as such. */
function chosenWords(step: StepId, context: KitchenContext): string | null {
  if (step === FIRST_STEP) return context.inputImageDataUrl === null ? null : 'Your photo';
  return chosenOn(step, context)?.label ?? null;
}

interface ChoicesSummaryProps {
  headingId: string;
  heading: string;
  /** Folded under its heading on a phone (the result page); the review shows it open, as the page itself. */
  folded?: boolean;
}

export function ChoicesSummary({ headingId, heading, folded = false }: ChoicesSummaryProps) {
  const send = useSend();
  const chosen = useKitchenContext((context) => STEP_IDS.map((step) => chosenWords(step, context)));
  const title = (
    <h2 id={headingId} tabIndex={-1}>
      {heading}
    </h2>
  );
  const list = (
    <>
      <p className="muted">Change one thing: every other choice stays as it is.</p>
      <dl className="choices-summary__list">
        {STEP_IDS.map((step, index) => (
          <div key={step} className="choices-summary__row">
            <dt>{choiceTitle(step)}</dt>
            <dd className="choices-summary__value">{chosen[index] ?? 'Not chosen yet'}</dd>
            <dd className="choices-summary__change">
              <button
                type="button"
                className="button button--quiet"
                // The visible word starts the name (WCAG 2.5.3), which says which choice it changes.
                aria-label={`Change the ${choiceOfStep(step)}`}
                onClick={() => send({ type: 'CHANGE_ONE_THING', step })}
              >
                Change
              </button>
            </dd>
          </div>
        ))}
      </dl>
    </>
  );
  return (
    <section className="choices-summary" aria-labelledby={headingId}>
      {folded ? (
        <Fold summary={title}>{list}</Fold>
      ) : (
        <>
          {title}
          {list}
        </>
      )}
    </section>
  );
}
