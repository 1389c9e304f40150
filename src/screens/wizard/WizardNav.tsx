// Back and Next under a step; on the last step Next becomes Generate, with the remaining count. A blocked
// button stays focusable (aria-disabled) so its reason, tied by aria-describedby, can be heard.
import { nextStepOf, type StepId } from '../../../machines/kitchen/steps';
import type { KitchenView } from '../../../machines/kitchen/view';
import { useKitchenContext, useSend } from '../../kitchen/use-kitchen';
import { usePreloadIntent } from '../../routing/use-preload-intent';
import { generationBlockedReason, remainingText } from '../generations-left';
import { useKitchenQuestion } from './steps/KitchenCheckNotice';

const REASON_ID = 'wizard-next-reason';

function NextButton({ nextStep, blockedReason }: { nextStep: StepId; blockedReason: string | null }) {
  const send = useSend();
  // The photo step's kitchen question holds the one primary action while it stands; Next stays, quieter.
  const asking = useKitchenQuestion();
  const preloadHandlers = usePreloadIntent(nextStep);
  const blocked = blockedReason !== null;
  return (
    <button
      type="button"
      className={`button ${asking ? 'button--secondary' : 'button--primary'}`}
      aria-disabled={blocked}
      aria-describedby={blocked ? REASON_ID : undefined}
      onClick={() => {
        if (!blocked) send({ type: 'NEXT' });
      }}
      {...preloadHandlers}
    >
      Next
    </button>
  );
}

function GenerateButton({
  blockedReason,
  refusal,
}: {
  blockedReason: string | null;
  refusal: string | null;
}) {
  const send = useSend();
  const remaining = useKitchenContext((context) => context.remainingGenerations);
  const reason = blockedReason ?? generationBlockedReason(remaining, refusal);
  const countText = remainingText(remaining);
  const describedBy = [reason ? REASON_ID : null, countText ? 'wizard-remaining' : null]
    .filter(Boolean)
    .join(' ');
  return (
    <div className="wizard-nav__generate">
      <button
        type="button"
        className="button button--primary"
        aria-disabled={reason !== null}
        aria-describedby={describedBy || undefined}
        onClick={() => {
          if (reason === null) send({ type: 'GENERATE' });
        }}
      >
        Generate
      </button>
      {countText && (
        <span id="wizard-remaining" className="wizard-nav__remaining">
          {countText}
        </span>
      )}
      {reason && blockedReason === null && (
        <p id={REASON_ID} className="wizard-nav__reason">
          {reason}
        </p>
      )}
    </div>
  );
}

export function WizardNav({ view }: { view: KitchenView }) {
  const send = useSend();
  if (view.step === null) return null;
  const nextStep = nextStepOf(view.step.id);
  return (
    <div className="wizard-nav">
      {view.nextBlockedReason && (
        <p id={REASON_ID} className="wizard-nav__reason">
          {view.nextBlockedReason}
        </p>
      )}
      {view.nextReturnsToReview && (
        <p className="wizard-nav__reason">Next takes you back to the review of your choices.</p>
      )}
      <div className="wizard-nav__buttons">
        {view.canGoBack ? (
          <button type="button" className="button button--secondary" onClick={() => send({ type: 'BACK' })}>
            Back
          </button>
        ) : (
          <span />
        )}
        {nextStep === null ? (
          <GenerateButton blockedReason={view.nextBlockedReason} refusal={view.generationRefusal} />
        ) : (
          <NextButton nextStep={nextStep} blockedReason={view.nextBlockedReason} />
        )}
      </div>
    </div>
  );
}
