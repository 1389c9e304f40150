import { ChoiceGroup } from '../../../components/ChoiceGroup';
import { Swatch } from '../../../components/Swatch';
import { useKitchenContext, useSend } from '../../use-kitchen';
import { CatalogueChoices } from '../CatalogueChoices';
import { frontFinishNote } from '../choice-notes';
import type { StepProps } from './step-props';

/** A neutral front colour to show each finish's sheen on. */
const FINISH_SAMPLE_HEX = '#d9d2c5';

export function FinishingStep({ isLoading }: StepProps) {
  const send = useSend();
  const finishes = useKitchenContext((context) => context.catalogue.finishes);
  const selected = useKitchenContext((context) => context.frontals.finish);
  return (
    <CatalogueChoices
      items={finishes}
      isLoading={isLoading}
      loadingLabel="Loading finishes…"
      emptyMessage="No finishes are made for this door style and handle choice. Go back to choose another."
    >
      {(items) => (
        <ChoiceGroup
          legend="Finish"
          hideLegend
          name="finish"
          choices={items.map((finish) => ({
            key: finish,
            value: finish,
            label: finish,
            description: frontFinishNote(finish),
            visual: <Swatch hex={FINISH_SAMPLE_HEX} finish={finish} />,
          }))}
          selectedKey={selected}
          onSelect={(finish) => send({ type: 'FINISH.SELECTED', finish })}
        />
      )}
    </CatalogueChoices>
  );
}
