// The screen of any plain-choice step (step-table.ts): its row's options as cards. A step with its own look
// wraps or replaces this; the options, the event and the stored choice stay the row's.
import type { StepId } from '../../../../machines/kitchen/steps';
import { stepMeta, stepOptions } from '../../../../machines/kitchen/steps';
import { ChoiceGroup } from '../../../components/ChoiceGroup';
import { useKitchenContext, useSend } from '../../use-kitchen';

export function PlainChoiceStep({ step }: { step: StepId }) {
  const send = useSend();
  const selected = useKitchenContext((context) => context.choices[step]) ?? null;
  const choices = stepOptions(step).map((option) => ({ key: option.value, ...option }));
  return (
    <ChoiceGroup
      legend={stepMeta(step).title}
      hideLegend
      name={step}
      choices={choices}
      selectedKey={selected}
      onSelect={(value) => send({ type: 'STEP.CHOSEN', step, value })}
    />
  );
}

/** The step map's entry for a plain-choice step: `splashback: plainChoiceScreen('splashback')`. */
export const plainChoiceScreen = (step: StepId) => () => <PlainChoiceStep step={step} />;
