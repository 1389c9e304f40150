// Generate on the result page ("Generate again") and on the review: blocked while the service refuses or no
// generations are left, staying focusable (aria-disabled) with its reason tied to it, or the count left shown.
import { useId } from 'react';
import { useKitchenContext, useSend } from '../../kitchen/use-kitchen';
import { generationBlockedReason, remainingText } from '../generations-left';

export function GenerateButton({
  label,
  refusal,
  look,
}: {
  label: string;
  refusal: string | null;
  /** Primary where generating is the page's one next step (the review); secondary beside Download. */
  look: 'primary' | 'secondary';
}) {
  const send = useSend();
  const statusId = useId();
  const remaining = useKitchenContext((context) => context.remainingGenerations);
  const blockedReason = generationBlockedReason(remaining, refusal);
  const status = blockedReason ?? remainingText(remaining);
  return (
    <div className="generate-action">
      <button
        type="button"
        className={`button button--${look}`}
        aria-disabled={blockedReason !== null}
        aria-describedby={status ? statusId : undefined}
        onClick={() => {
          if (blockedReason === null) send({ type: 'GENERATE' });
        }}
      >
        {label}
      </button>
      {status && (
        <p
          id={statusId}
          className={refusal ? 'notice notice--warning' : 'generate-action__status muted'}
          role="status"
        >
          {status}
        </p>
      )}
    </div>
  );
}
