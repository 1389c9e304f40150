import { ChoiceGroup } from '../../../components/ChoiceGroup';
import { Swatch } from '../../../components/Swatch';
import { useKitchenContext, useSend } from '../../use-kitchen';
import { CatalogueChoices } from '../CatalogueChoices';
import type { StepProps } from './step-props';

export function FrontalColorStep({ isLoading }: StepProps) {
  const send = useSend();
  const { groups, previews, colorGroup, selectedId, finish } = useKitchenContext((context) => ({
    groups: context.catalogue.frontalColourGroups,
    previews: context.catalogue.frontalPreviews,
    colorGroup: context.frontals.colorGroup,
    selectedId: context.frontals.selectedFrontalId,
    finish: context.frontals.finish,
  }));
  return (
    <>
      <CatalogueChoices
        items={groups}
        // With a group chosen the groups are current; only a fresh step waits for them.
        isLoading={isLoading && colorGroup === null}
        loadingLabel="Loading colour groups…"
        emptyMessage="No colours are made in this finish. Go back to choose another finish."
        layout="chips"
      >
        {(items) => (
          <ChoiceGroup
            legend="Colour group"
            name="front-colour-group"
            layout="chips"
            choices={items.map((group) => ({ key: group, value: group, label: group }))}
            selectedKey={colorGroup}
            onSelect={(group) => send({ type: 'FRONTAL_COLOUR_GROUP.SELECTED', group })}
          />
        )}
      </CatalogueChoices>
      {colorGroup === null ? (
        !isLoading && groups?.length ? (
          <p className="muted">Choose a colour group to see its colours.</p>
        ) : null
      ) : (
        <CatalogueChoices
          items={previews}
          isLoading={isLoading}
          loadingLabel={`Loading ${colorGroup.toLowerCase()}…`}
          emptyMessage="No colours in this group yet. Try another group."
          layout="swatches"
        >
          {(items) => (
            <ChoiceGroup
              legend={`Colour (${colorGroup})`}
              name="front-colour"
              layout="swatches"
              choices={items.map((frontal) => ({
                key: frontal.id,
                value: frontal,
                label: frontal.colour,
                visual: (
                  <Swatch
                    hex={frontal.primary_hex}
                    imageUrl={frontal.image_url}
                    finish={finish ?? undefined}
                  />
                ),
              }))}
              selectedKey={selectedId}
              onSelect={(frontal) => send({ type: 'FRONTAL.SELECTED', frontal })}
            />
          )}
        </CatalogueChoices>
      )}
    </>
  );
}
