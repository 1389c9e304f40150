// The wizard's frame around every step: progress, the step list, the step's title and description, its
// content (or the error screen in its place), and Back / Next.
import { STEP_IDS } from '../../../machines/kitchen/steps';
import { ProgressBar } from '../../components/ProgressBar';
import { SiteHeader } from '../../components/SiteHeader';
import { StepList } from '../../components/StepList';
import '../../styles/wizard.css';
import { useKitchenView } from '../../kitchen/use-kitchen';
import { ErrorScreen } from '../ErrorScreen';
import { StepContent, StepNotes } from './StepContent';
import { WizardNav } from './WizardNav';

export function WizardScreen() {
  const view = useKitchenView();
  const { step } = view;
  if (step === null) return null;
  return (
    <>
      <SiteHeader />
      <div className="wizard page">
        <aside className="wizard__aside">
          <StepList currentPosition={step.position} />
        </aside>
        <main className="wizard__main">
          <ProgressBar value={view.progress ?? 0} position={step.position} total={STEP_IDS.length} />
          <h1 tabIndex={-1} data-route-heading>
            {step.title}
          </h1>
          {step.description && <p className="lead">{step.description}</p>}
          <StepNotes stepId={step.id} />
          <div className="wizard__content">
            {view.error !== null ? (
              <ErrorScreen message={view.error} isRetrying={view.isRetrying} />
            ) : (
              <StepContent stepId={step.id} isLoading={view.isLoading} />
            )}
          </div>
          <WizardNav view={view} />
        </main>
      </div>
    </>
  );
}
