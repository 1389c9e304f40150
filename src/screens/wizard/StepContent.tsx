// Which screen each wizard step shows: the one of its kind. The photo step's comes with the wizard; the other
// kinds' load on demand (the first time a later step is shown, or earlier on intent: screen-loaders.ts).
import { Suspense, use } from 'react';
import { type StepId, stepKind } from '../../../machines/kitchen/steps';
import { LoadingChoices } from '../../components/ChoicesPlaceholder';
import { choiceStepScreens } from './choice-step-screens';
import type { StepProps } from './steps/step-props';
import { UploadImageStep } from './steps/UploadImageStep';

// Once loaded (usually on intent, before the click), read at once: waiting even a tick would flash the
// placeholder between two steps.
const useChoiceStepScreens = () => choiceStepScreens.loaded() ?? use(choiceStepScreens.get());

function OnDemandChoiceStep(props: StepProps) {
  const { ChoiceStepScreen } = useChoiceStepScreens();
  return <ChoiceStepScreen {...props} />;
}

function OnDemandChoiceStepNotes({ step }: { step: StepId }) {
  const { ChoiceStepNotes } = useChoiceStepScreens();
  return <ChoiceStepNotes step={step} />;
}

/** The notes above a step's content; the photo step has none. */
export function StepNotes({ stepId }: { stepId: StepId }) {
  if (stepKind(stepId) === 'photo') return null;
  return (
    <Suspense fallback={null}>
      <OnDemandChoiceStepNotes step={stepId} />
    </Suspense>
  );
}

export function StepContent({ stepId, isLoading }: { stepId: StepId; isLoading: boolean }) {
  if (stepKind(stepId) === 'photo') return <UploadImageStep />;
  return (
    <Suspense fallback={<LoadingChoices label="Loading the choices…" />}>
      <OnDemandChoiceStep step={stepId} isLoading={isLoading} />
    </Suspense>
  );
}
