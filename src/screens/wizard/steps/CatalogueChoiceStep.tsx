// The screen of every catalogue-choice step: one catalogue list as cards, the row's choice selected. What the
// cards say and show is the step's look (step-looks.tsx).
import { chosenOn, rowAs } from '../../../../machines/kitchen/steps';
import { ChoiceGroup } from '../../../components/ChoiceGroup';
import { useKitchenContext, useSend } from '../../../kitchen/use-kitchen';
import { CatalogueChoices } from '../CatalogueChoices';
import {
  type AnyItem,
  CATALOGUE_LOOKS,
  type CatalogueLook,
  type CatalogueStepId,
  lookText,
} from '../step-looks';
import type { StepProps } from './step-props';

export function CatalogueChoiceStep({ step, isLoading }: StepProps) {
  const send = useSend();
  const context = useKitchenContext((kitchen) => kitchen);
  const row = rowAs(step, 'catalogue-choice');
  // The look of this step is typed by its row's list: the table says so for each step.
  const look = CATALOGUE_LOOKS[step as CatalogueStepId] as CatalogueLook<AnyItem>;
  return (
    <CatalogueChoices
      items={context.catalogue[row.list] as readonly AnyItem[] | null}
      isLoading={isLoading}
      loadingLabel={look.loadingLabel}
      emptyMessage={look.emptyMessage}
    >
      {(items) => (
        <ChoiceGroup
          legend={lookText(look.legend, context)}
          hideLegend={look.hideLegend}
          name={look.name ?? step}
          choices={items.map((item) => ({ ...look.option(item, context), value: item }))}
          selectedKey={chosenOn(step, context)?.value ?? null}
          onSelect={(item) => send(look.choose?.(item) ?? { type: 'STEP.CHOSEN', step, value: String(item) })}
        />
      )}
    </CatalogueChoices>
  );
}
