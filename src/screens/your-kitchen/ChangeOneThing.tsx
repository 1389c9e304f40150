// "Change one thing" (issue 16): the wizard at one step with every other choice kept; the next generation then
// differs only there.
import { choiceNameOf } from '../../../contract/kitchen-choices';
import type { StepId } from '../../../machines/kitchen/steps';
import { FIRST_STEP, STEP_IDS } from '../../../machines/kitchen/steps';
import { useSend } from '../../kitchen/use-kitchen';

/**
 * What a step chooses, as the button names it ("Change the worktop finish"): the choice's name the share page
 * and the spec sheet show (a step added to the table is named from its id); the first step takes the photo.
 */
export const choiceOfStep = (step: StepId): string =>
  step === FIRST_STEP ? 'photo' : choiceNameOf(step).toLowerCase();

export function ChangeOneThing() {
  const send = useSend();
  return (
    <section className="change-one" aria-labelledby="change-one-title">
      <h2 id="change-one-title">Change one thing</h2>
      <p className="muted">Every other choice stays as it is.</p>
      <ul className="change-one__list">
        {STEP_IDS.map((step) => (
          <li key={step}>
            <button
              type="button"
              className="button button--quiet"
              onClick={() => send({ type: 'CHANGE_ONE_THING', step })}
            >
              Change the {choiceOfStep(step)}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
