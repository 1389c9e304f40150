import { ChoiceGroup } from '../../../components/ChoiceGroup';
import { Swatch } from '../../../components/Swatch';
import { useKitchenContext, useSend } from '../../use-kitchen';
import { CatalogueChoices } from '../CatalogueChoices';
import { worktopFinishNote } from '../choice-notes';
import type { StepProps } from './step-props';

export function MaterialPreviewStep({ isLoading }: StepProps) {
  const send = useSend();
  const { previews, selectedId, colour } = useKitchenContext((context) => ({
    previews: context.catalogue.worktopPreviews,
    selectedId: context.worktops.selectedWorktopId,
    colour: context.worktops.selectedColourPreview,
  }));
  return (
    <CatalogueChoices
      items={previews}
      isLoading={isLoading}
      loadingLabel="Loading worktop finishes…"
      emptyMessage="No finishes are made for this worktop colour. Go back to choose another colour."
    >
      {(items) => (
        <ChoiceGroup
          legend={colour ? `Finish for ${colour.colour}` : 'Worktop finish'}
          hideLegend
          name="worktop-finish"
          choices={items.map((worktop) => ({
            key: worktop.id,
            value: worktop,
            label: worktop.finish,
            description: worktopFinishNote(worktop.finish),
            visual: <Swatch hex={colour?.primary_hex} imageUrl={colour?.image_url} finish={worktop.finish} />,
          }))}
          selectedKey={selectedId}
          onSelect={(worktop) => send({ type: 'WORKTOP.SELECTED', worktop })}
        />
      )}
    </CatalogueChoices>
  );
}
