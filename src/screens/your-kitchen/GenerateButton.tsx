// Generate on the result page ("Generate again") and on the review: blocked while the service refuses or no
// generations are left, staying focusable (aria-disabled) with its reason tied to it, or the count left shown.
import { useId } from 'react';
import { generationBlockedReason, remainingText } from '../generations-left';
import { useKitchenContext, useSend } from '../use-kitchen';

export function GenerateButton({ label, refusal }: { label: string; refusal: string | null }) {
  const send = useSend();
  const statusId = useId();
  const remaining = useKitchenContext((context) => context.remainingGenerations);
  const blockedReason = generationBlockedReason(remaining, refusal);
  const status = blockedReason ?? remainingText(remaining);
  return (
    <div className="generate-action">
      <button
        type="button"
        className="button button--primary"
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
