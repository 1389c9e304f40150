import { ChoiceGroup } from '../../../components/ChoiceGroup';
import { DoorProfileIcon, profileOfDoorStyle } from '../../../components/DoorProfileIcon';
import { useKitchenContext, useSend } from '../../use-kitchen';
import { CatalogueChoices } from '../CatalogueChoices';
import type { StepProps } from './step-props';

export function DesignStep({ isLoading }: StepProps) {
  const send = useSend();
  const groups = useKitchenContext((context) => context.catalogue.doorStyleGroups);
  const selected = useKitchenContext((context) => context.frontals.doorStyleGroup);
  return (
    <CatalogueChoices
      items={groups}
      isLoading={isLoading}
      loadingLabel="Loading door styles…"
      emptyMessage="No door styles are available right now."
    >
      {(items) => (
        <ChoiceGroup
          legend="Door style"
          name="door-style"
          choices={items.map((group) => ({
            key: group,
            value: group,
            label: group,
            visual: <DoorProfileIcon profile={profileOfDoorStyle(group)} />,
          }))}
          selectedKey={selected}
          onSelect={(group) => send({ type: 'DESIGN.SELECTED', group, image: null })}
        />
      )}
    </CatalogueChoices>
  );
}
