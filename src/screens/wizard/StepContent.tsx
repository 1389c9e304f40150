// Which content each wizard step shows.
import type { ComponentType } from 'react';
import { byStep, type StepId } from '../../../machines/kitchen/steps';
import { DesignStep } from './steps/DesignStep';
import { FinishingStep } from './steps/FinishingStep';
import { FrontalColorStep } from './steps/FrontalColorStep';
import { HandlesStep } from './steps/HandlesStep';
import { KitchenIslandStep } from './steps/KitchenIslandStep';
import { KitchenShapeStep } from './steps/KitchenShapeStep';
import { MaterialColorStep } from './steps/MaterialColorStep';
import { MaterialPreviewStep } from './steps/MaterialPreviewStep';
import { MaterialStep } from './steps/MaterialStep';
import { plainChoiceScreen } from './steps/PlainChoiceStep';
import type { StepProps } from './steps/step-props';
import { UploadImageStep } from './steps/UploadImageStep';

/** A step of its own names its screen here; a plain-choice step shows its row's options. */
const STEP_CONTENT = byStep<ComponentType<StepProps>>(
  {
    'upload-image': UploadImageStep,
    design: DesignStep,
    finishing: FinishingStep,
    'frontal-color': FrontalColorStep,
    material: MaterialStep,
    'material-color': MaterialColorStep,
    'material-preview': MaterialPreviewStep,
  },
  (step) =>
    ({ handles: HandlesStep, 'kitchen-shape': KitchenShapeStep, 'kitchen-island': KitchenIslandStep })[
      step as string
    ] ?? plainChoiceScreen(step),
);

export function StepContent({ stepId, isLoading }: { stepId: StepId } & StepProps) {
  const Content = STEP_CONTENT[stepId];
  return <Content isLoading={isLoading} />;
}
