import { findKitchenLayout } from '../../../../contract/layouts';
import { ChoiceGroup } from '../../../components/ChoiceGroup';
import { LayoutPlan } from '../../../components/LayoutPlan';
import { useKitchenContext, useSend } from '../../use-kitchen';

export function KitchenIslandStep() {
  const send = useSend();
  const hasIsland = useKitchenContext((context) => context.hasIsland);
  const shape = useKitchenContext((context) => context.selectedShape) ?? 'l-shaped';
  const layout = findKitchenLayout(shape);
  return (
    <>
      <ChoiceGroup
        legend="Kitchen island"
        hideLegend
        name="kitchen-island"
        choices={[
          {
            key: 'island',
            value: true,
            label: 'Yes, add an island',
            description: 'Extra worktop, storage and a place to gather.',
            visual: <LayoutPlan shape={shape} island />,
          },
          {
            key: 'no-island',
            value: false,
            label: 'No island',
            description: 'Keep the floor open.',
            visual: <LayoutPlan shape={shape} />,
          },
        ]}
        selectedKey={hasIsland === null ? null : hasIsland ? 'island' : 'no-island'}
        onSelect={(value) =>
          send({ type: 'STEP.CHOSEN', step: 'kitchen-island', value: value ? 'yes' : 'no' })
        }
      />
      {layout && !layout.islandFriendly && (
        <p className="notice">
          Tip: a {layout.name.toLowerCase()} kitchen rarely leaves room for an island, but you can still try
          one.
        </p>
      )}
    </>
  );
}
