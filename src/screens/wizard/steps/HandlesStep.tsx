import { ChoiceGroup } from '../../../components/ChoiceGroup';
import { LoadingChoices } from '../../../components/ChoicesPlaceholder';
import { DoorProfileIcon } from '../../../components/DoorProfileIcon';
import { useKitchenContext, useSend } from '../../use-kitchen';
import type { StepProps } from './step-props';

const HANDLE_CHOICES = [
  {
    key: 'with-handles',
    value: false,
    label: 'With handles',
    description: 'Knobs, bars or cup handles you can choose later.',
    visual: <DoorProfileIcon profile="slab" withHandle />,
  },
  {
    key: 'handleless',
    value: true,
    label: 'Handleless',
    description: 'Clean lines with a finger groove or rail.',
    visual: <DoorProfileIcon profile="j-pull" withHandle={false} />,
  },
] as const;

export function HandlesStep({ isLoading }: StepProps) {
  const send = useSend();
  const isHandleless = useKitchenContext((context) => context.frontals.isHandleless);
  if (isLoading) return <LoadingChoices label="Loading handle options…" count={2} />;
  return (
    <ChoiceGroup
      legend="Handles"
      hideLegend
      name="handles"
      choices={HANDLE_CHOICES}
      selectedKey={isHandleless === null ? null : isHandleless ? 'handleless' : 'with-handles'}
      onSelect={(value) => send({ type: 'STEP.CHOSEN', step: 'handles', value: value ? 'yes' : 'no' })}
    />
  );
}
