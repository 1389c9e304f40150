// The screen of every step after the photo, by its kind, and the notes above it. These kinds, their looks, the
// swatches and the notes load on demand (screen-loaders.ts): a visitor's first screen is the photo step, which
// needs none of them.
import type { ComponentType } from 'react';
import type { StepKind } from '../../../machines/kitchen/step-table';
import { nextStepOf, type StepId, stepKind } from '../../../machines/kitchen/steps';
import { CascadeNotice } from '../../components/CascadeNotice';
import { HandlesSkipNote } from './HandlesSkipNote';
import { CatalogueChoiceStep } from './steps/CatalogueChoiceStep';
import { FixedChoiceStep } from './steps/FixedChoiceStep';
import { GroupedSwatchStep } from './steps/GroupedSwatchStep';
import type { StepProps } from './steps/step-props';
import { YourKitchenPreview } from './YourKitchenPreview';

/** Every kind but the photo (StepContent shows its screen): a new kind does not compile until it has one here. */
export type ChoiceKind = Exclude<StepKind, 'photo'>;

const KIND_SCREENS: Record<ChoiceKind, ComponentType<StepProps>> = {
  'catalogue-choice': CatalogueChoiceStep,
  'grouped-swatch': GroupedSwatchStep,
  'fixed-choice': FixedChoiceStep,
};

export function ChoiceStepScreen({ step, isLoading }: StepProps) {
  const kind = stepKind(step);
  if (kind === 'photo') throw new Error(`The photo step (${step}) has a screen of its own.`);
  const Screen = KIND_SCREENS[kind];
  // The options beside "Your kitchen" (issue 33): above them on a phone, beside them on a desktop.
  return (
    <div className="step-with-preview">
      <YourKitchenPreview step={step} />
      <div className="step-with-preview__options">
        <Screen step={step} isLoading={isLoading} />
      </div>
    </div>
  );
}

/** Above a step's choices: which choices a change cleared, and on the step after Handles, that it was skipped. */
export function ChoiceStepNotes({ step }: { step: StepId }) {
  return (
    <>
      {/* Keyed by step: a note belongs to the step where the change was made. */}
      <CascadeNotice key={step} />
      {step === nextStepOf('handles') && <HandlesSkipNote />}
    </>
  );
}
