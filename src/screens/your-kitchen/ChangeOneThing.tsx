// "Change one thing" (issue 16): the wizard at one step with every other choice kept; the next generation then
// differs only there.
import type { StepId } from '../../../machines/kitchen/steps';
import { STEP_IDS } from '../../../machines/kitchen/steps';
import { useSend } from '../use-kitchen';

/** What each step chooses, as the button names it ("Change the worktop finish"). */
export const CHOICE_OF_STEP: Record<StepId, string> = {
  'upload-image': 'photo',
  design: 'door style',
  handles: 'handles',
  finishing: 'front finish',
  'frontal-color': 'front colour',
  material: 'worktop material',
  'material-color': 'worktop colour',
  'material-preview': 'worktop finish',
  'kitchen-shape': 'layout',
  'kitchen-island': 'island',
};

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
              Change the {CHOICE_OF_STEP[step]}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
