// The screen of every fixed-choice step: its row's options as cards, in order, in a group named by the step, made
// by the shared STEP.CHOSEN. A step's look (step-looks.tsx) may add a picture, other card words and a note; a
// step with none shows its row's words alone.
import { keptValue, stepMeta, stepOptions } from '../../../../machines/kitchen/steps';
import { ChoiceGroup } from '../../../components/ChoiceGroup';
import { LoadingChoices } from '../../../components/ChoicesPlaceholder';
import { useKitchenContext, useSend } from '../../../kitchen/use-kitchen';
import { FIXED_LOOKS } from '../step-looks';
import type { StepProps } from './step-props';

export function FixedChoiceStep({ step, isLoading }: StepProps) {
  const send = useSend();
  const context = useKitchenContext((kitchen) => kitchen);
  const look = FIXED_LOOKS[step];
  const options = stepOptions(step);
  if (isLoading) return <LoadingChoices label={look?.loadingLabel ?? 'Loading…'} count={options.length} />;
  return (
    <>
      <ChoiceGroup
        legend={look?.legend ?? stepMeta(step).title}
        hideLegend
        name={step}
        choices={options.map((option) => ({
          key: option.value,
          ...option,
          ...look?.option?.(option, context),
        }))}
        selectedKey={keptValue(step, context)}
        onSelect={(value) => send({ type: 'STEP.CHOSEN', step, value })}
      />
      {look?.note?.(context)}
    </>
  );
}
