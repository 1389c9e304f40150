// The soft "is it a kitchen?" question (issues 22 and 36): the server's check saw no fridge, oven, microwave, sink
// or toaster in the photo. Never a refusal, and one question with one primary action: mark its fronts and
// worktop (the next thing a kitchen's photo needs: an empty room is a fair photo too), or choose another photo.
// Marking (or skipping it) answers the question; until then the photo's status and the wizard's Next stand back.
import { useKitchenContext, useKitchenView, useSend } from '../../../kitchen/use-kitchen';

export const KITCHEN_QUESTION = {
  question: 'Is this your kitchen?',
  finding: "We couldn't spot a fridge, oven, microwave, sink or toaster in this photo.",
  yes: 'Yes, mark its fronts and worktop',
  no: 'Choose another photo',
} as const;

/** Whether the question stands: a checked photo with no kitchen found, not yet marked or skipped. */
export function useKitchenQuestion(): boolean {
  const { isProcessingImage, isModerating } = useKitchenView();
  const asking = useKitchenContext(
    (context) =>
      context.moderationPassed === true &&
      context.kitchenCheck !== null &&
      !context.kitchenCheck.looksLikeKitchen &&
      context.photoMarking === null,
  );
  return asking && !isProcessingImage && !isModerating;
}

/** `onChooseAnother` opens the photo step's own file picker (one file input, so the step has one way in). */
export function KitchenCheckNotice({ onChooseAnother }: { onChooseAnother: () => void }) {
  const send = useSend();
  if (!useKitchenQuestion()) return null;
  return (
    <div className="notice notice--warning kitchen-check" role="status">
      <p>
        <strong>{KITCHEN_QUESTION.question}</strong> {KITCHEN_QUESTION.finding} If it is your kitchen, or the
        empty room it will become, mark what will change; otherwise choose another photo.
      </p>
      <div className="kitchen-check__actions">
        <button
          type="button"
          className="button button--primary"
          onClick={() => send({ type: 'MARKING.START' })}
        >
          {KITCHEN_QUESTION.yes}
        </button>
        <button type="button" className="button button--secondary" onClick={onChooseAnother}>
          {KITCHEN_QUESTION.no}
        </button>
      </div>
    </div>
  );
}
