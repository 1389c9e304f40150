import { KITCHEN_LAYOUTS } from '../../../../contract/layouts';
import { ChoiceGroup } from '../../../components/ChoiceGroup';
import { LayoutPlan } from '../../../components/LayoutPlan';
import { useKitchenContext, useSend } from '../../use-kitchen';

const LAYOUT_CHOICES = KITCHEN_LAYOUTS.map((layout) => ({
  key: layout.id,
  value: layout.id,
  label: layout.name,
  description: layout.description,
  visual: <LayoutPlan shape={layout.id} />,
}));

export function KitchenShapeStep() {
  const send = useSend();
  const selected = useKitchenContext((context) => context.selectedShape);
  return (
    <ChoiceGroup
      legend="Kitchen layout"
      hideLegend
      name="kitchen-shape"
      choices={LAYOUT_CHOICES}
      selectedKey={selected}
      onSelect={(shape) => send({ type: 'STEP.CHOSEN', step: 'kitchen-shape', value: shape })}
    />
  );
}
