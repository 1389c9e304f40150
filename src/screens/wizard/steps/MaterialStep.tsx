import { ChoiceGroup } from '../../../components/ChoiceGroup';
import { useKitchenContext, useSend } from '../../use-kitchen';
import { CatalogueChoices } from '../CatalogueChoices';
import { worktopMaterialNote } from '../choice-notes';
import type { StepProps } from './step-props';

export function MaterialStep({ isLoading }: StepProps) {
  const send = useSend();
  const materials = useKitchenContext((context) => context.catalogue.worktopMaterials);
  const selected = useKitchenContext((context) => context.worktops.material);
  return (
    <CatalogueChoices
      items={materials}
      isLoading={isLoading}
      loadingLabel="Loading worktop materials…"
      emptyMessage="No worktop materials are available right now."
    >
      {(items) => (
        <ChoiceGroup
          legend="Worktop material"
          hideLegend
          name="worktop-material"
          choices={items.map((material) => ({
            key: material,
            value: material,
            label: material,
            description: worktopMaterialNote(material),
          }))}
          selectedKey={selected}
          onSelect={(material) => send({ type: 'MATERIAL.SELECTED', material })}
        />
      )}
    </CatalogueChoices>
  );
}
