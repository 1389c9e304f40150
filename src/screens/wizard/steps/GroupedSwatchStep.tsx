// The screen of every grouped-swatch step: the groups as chips, then the chosen group's swatches. What the
// chips and swatches say and show is the step's look (step-looks.tsx).
import { chosenOn, rowAs } from '../../../../machines/kitchen/steps';
import { ChoiceGroup } from '../../../components/ChoiceGroup';
import { useKitchenContext, useSend } from '../../../kitchen/use-kitchen';
import { CatalogueChoices } from '../CatalogueChoices';
import { type AnyItem, GROUPED_LOOKS, type GroupedLook, type GroupedStepId, lookText } from '../step-looks';
import type { StepProps } from './step-props';

export function GroupedSwatchStep({ step, isLoading }: StepProps) {
  const send = useSend();
  const context = useKitchenContext((kitchen) => kitchen);
  const row = rowAs(step, 'grouped-swatch');
  // The look of this step is typed by its row's swatches: the table says so for each step.
  const look = GROUPED_LOOKS[step as GroupedStepId] as GroupedLook<AnyItem>;
  const groups = context.catalogue[row.groups] as readonly string[] | null;
  const group = row.group(context);
  return (
    <>
      <CatalogueChoices
        items={groups}
        // With a group chosen the groups are current; only a fresh step waits for them.
        isLoading={isLoading && group === null}
        loadingLabel="Loading color groups…"
        emptyMessage={look.noGroups}
        layout="chips"
      >
        {(items) => (
          <ChoiceGroup
            legend={lookText(look.groupLegend, context)}
            name={look.groupName}
            layout="chips"
            choices={items.map((item) => ({ key: item, value: item, label: item }))}
            selectedKey={group}
            onSelect={(item) => send(look.chooseGroup(item))}
          />
        )}
      </CatalogueChoices>
      {group === null ? (
        !isLoading && groups?.length ? (
          <p className="muted">Choose a color group to see its colors.</p>
        ) : null
      ) : (
        <CatalogueChoices
          items={context.catalogue[row.swatches] as readonly AnyItem[] | null}
          isLoading={isLoading}
          loadingLabel={`Loading ${group.toLowerCase()}…`}
          emptyMessage="No colors in this group yet. Try another group."
          layout="swatches"
        >
          {(items) => (
            <ChoiceGroup
              legend={`Color (${group})`}
              name={look.swatchName}
              layout="swatches"
              choices={items.map((item) => ({ ...look.swatch(item, context), value: item }))}
              selectedKey={chosenOn(step, context)?.value ?? null}
              onSelect={(item) => send(look.choose(item))}
            />
          )}
        </CatalogueChoices>
      )}
    </>
  );
}
