// Which screen each wizard step shows: the one of its kind. The photo step's comes with the wizard; the other
// kinds' load on demand (the first time a later step is shown, or earlier on intent: screen-loaders.ts).
import { Suspense, use } from 'react';
import { type StepId, stepKind } from '../../../machines/kitchen/steps';
import { LoadingChoices } from '../../components/ChoicesPlaceholder';
import { choiceStepScreens } from '../screen-loaders';
import type { StepProps } from './steps/step-props';
import { UploadImageStep } from './steps/UploadImageStep';

function OnDemandChoiceStep(props: StepProps) {
  // Once loaded (usually on intent, before the click), read at once: waiting even a tick would flash the
  // placeholder between two steps.
  const { ChoiceStepScreen } = choiceStepScreens.loaded() ?? use(choiceStepScreens.get());
  return <ChoiceStepScreen {...props} />;
}

export function StepContent({ stepId, isLoading }: { stepId: StepId; isLoading: boolean }) {
  if (stepKind(stepId) === 'photo') return <UploadImageStep />;
  return (
    <Suspense fallback={<LoadingChoices label="Loading the choices…" />}>
      <OnDemandChoiceStep step={stepId} isLoading={isLoading} />
    </Suspense>
  );
}
