// The review (issue 25): where "Change" leads back once every choice is made. All the choices, each with its
// Change, and Generate; or back to the kitchen on show without generating.
import { useSend } from '../../kitchen/use-kitchen';
import { ChoicesSummary } from './ChoicesSummary';
import { GenerateButton } from './GenerateButton';

export function ReviewChoices({ refusal }: { refusal: string | null }) {
  const send = useSend();
  return (
    <div className="review">
      <ChoicesSummary headingId="review-title" heading="Review Your Choices" />
      <div className="review__actions">
        <GenerateButton label="Generate" refusal={refusal} look="primary" />
        <button
          type="button"
          className="button button--secondary"
          onClick={() => send({ type: 'REVIEW.CLOSE' })}
        >
          Back to your kitchen
        </button>
      </div>
    </div>
  );
}
