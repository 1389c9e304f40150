// Large tappable option cards on native radio inputs: arrow keys move the choice, the browser announces the
// selected state, and the group is named by its legend. Used by every wizard step.
import type { ReactNode } from 'react';
import '../styles/choices.css';

export interface Choice<T> {
  /** Unique within the group; compared with `selectedKey`. */
  key: string;
  value: T;
  label: string;
  description?: string;
  /** A picture, swatch or diagram shown above the label; purely decorative. */
  visual?: ReactNode;
}

export type ChoiceLayout = 'cards' | 'chips' | 'swatches';

interface ChoiceGroupProps<T> {
  /** Names the radio group for assistive technology (the `legend`). */
  legend: string;
  /** Keep the legend for screen readers only, when a heading above already says it. */
  hideLegend?: boolean;
  /** The radio inputs' shared name: unique on the page. */
  name: string;
  choices: readonly Choice<T>[];
  selectedKey: string | null;
  onSelect: (value: T) => void;
  layout?: ChoiceLayout;
}

export function ChoiceGroup<T>({
  legend,
  hideLegend = false,
  name,
  choices,
  selectedKey,
  onSelect,
  layout = 'cards',
}: ChoiceGroupProps<T>) {
  return (
    <fieldset className={`choice-group choice-group--${layout}`}>
      <legend className={hideLegend ? 'visually-hidden' : 'choice-group__legend'}>{legend}</legend>
      <div className="choice-group__options">
        {choices.map((choice) => {
          const checked = choice.key === selectedKey;
          return (
            <label key={choice.key} className={checked ? 'choice choice--selected' : 'choice'}>
              <input
                className="choice__input visually-hidden"
                type="radio"
                name={name}
                value={choice.key}
                checked={checked}
                onChange={() => onSelect(choice.value)}
              />
              {choice.visual !== undefined && (
                <span className="choice__visual" aria-hidden="true">
                  {choice.visual}
                </span>
              )}
              <span className="choice__text">
                <span className="choice__label">{choice.label}</span>
                {choice.description && <span className="choice__description">{choice.description}</span>}
              </span>
              <span className="choice__check" aria-hidden="true" />
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
