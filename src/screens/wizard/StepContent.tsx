// Which screen each wizard step shows: the one of its kind.
import type { ComponentType } from 'react';
import type { StepKind } from '../../../machines/kitchen/step-table';
import { type StepId, stepKind } from '../../../machines/kitchen/steps';
import { CatalogueChoiceStep } from './steps/CatalogueChoiceStep';
import { FixedChoiceStep } from './steps/FixedChoiceStep';
import { GroupedSwatchStep } from './steps/GroupedSwatchStep';
import type { StepProps } from './steps/step-props';
import { UploadImageStep } from './steps/UploadImageStep';

const KIND_SCREENS: Record<StepKind, ComponentType<StepProps>> = {
  photo: UploadImageStep,
  'catalogue-choice': CatalogueChoiceStep,
  'grouped-swatch': GroupedSwatchStep,
  'fixed-choice': FixedChoiceStep,
};

export function StepContent({ stepId, isLoading }: { stepId: StepId; isLoading: boolean }) {
  const Screen = KIND_SCREENS[stepKind(stepId)];
  return <Screen step={stepId} isLoading={isLoading} />;
}
