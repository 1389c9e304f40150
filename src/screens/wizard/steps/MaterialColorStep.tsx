import { ChoiceGroup } from '../../../components/ChoiceGroup';
import { Swatch } from '../../../components/Swatch';
import { useKitchenContext, useSend } from '../../use-kitchen';
import { CatalogueChoices } from '../CatalogueChoices';
import type { StepProps } from './step-props';

export function MaterialColorStep({ isLoading }: StepProps) {
  const send = useSend();
  const { groups, colours, colourGroup, colour, material } = useKitchenContext((context) => ({
    groups: context.catalogue.worktopColourGroups,
    colours: context.catalogue.worktopColours,
    colourGroup: context.worktops.colourGroup,
    colour: context.worktops.colour,
    material: context.worktops.material,
  }));
  return (
    <>
      <CatalogueChoices
        items={groups}
        // With a group chosen the groups are current; only a fresh step waits for them.
        isLoading={isLoading && colourGroup === null}
        loadingLabel="Loading colour groups…"
        emptyMessage="No colours are available for this material. Go back to choose another."
        layout="chips"
      >
        {(items) => (
          <ChoiceGroup
            legend={material ? `${material} colour group` : 'Colour group'}
            name="worktop-colour-group"
            layout="chips"
            choices={items.map((group) => ({ key: group, value: group, label: group }))}
            selectedKey={colourGroup}
            onSelect={(group) => send({ type: 'WORKTOP_COLOUR_GROUP.SELECTED', group })}
          />
        )}
      </CatalogueChoices>
      {colourGroup === null ? (
        !isLoading && groups?.length ? (
          <p className="muted">Choose a colour group to see its colours.</p>
        ) : null
      ) : (
        <CatalogueChoices
          items={colours}
          isLoading={isLoading}
          loadingLabel={`Loading ${colourGroup.toLowerCase()}…`}
          emptyMessage="No colours in this group yet. Try another group."
          layout="swatches"
        >
          {(items) => (
            <ChoiceGroup
              legend={`Colour (${colourGroup})`}
              name="worktop-colour"
              layout="swatches"
              choices={items.map((item) => ({
                key: item.colour,
                value: item,
                label: item.colour,
                visual: <Swatch hex={item.primary_hex} imageUrl={item.image_url} />,
              }))}
              selectedKey={colour}
              onSelect={(item) => send({ type: 'WORKTOP_COLOUR.SELECTED', colour: item })}
            />
          )}
        </CatalogueChoices>
      )}
    </>
  );
}
