// Generate on the result page ("Generate again") and on the review: blocked while the service refuses or no
// generations are left, staying focusable (aria-disabled) with its reason tied to it, or the count left shown.
import { useId } from 'react';
import { useKitchenContext, useSend } from '../../kitchen/use-kitchen';
import { generationBlockedReason, remainingText } from '../generations-left';

export function GenerateButton({
  label,
  refusal,
  look,
  note = null,
}: {
  label: string;
  refusal: string | null;
  /** Primary where generating is the page's one next step (the review); secondary beside Download. */
  look: 'primary' | 'secondary';
  /** What generating now would give, when that is worth saying first (nothing changed: D95). */
  note?: string | null;
}) {
  const send = useSend();
  const statusId = useId();
  const noteId = useId();
  const remaining = useKitchenContext((context) => context.remainingGenerations);
  const blockedReason = generationBlockedReason(remaining, refusal);
  const status = blockedReason ?? remainingText(remaining);
  // While Generate cannot work, its reason is all there is to say.
  const shownNote = blockedReason === null ? note : null;
  return (
    <div className="generate-action">
      <button
        type="button"
        className={`button button--${look}`}
        aria-disabled={blockedReason !== null}
        aria-describedby={[shownNote && noteId, status && statusId].filter(Boolean).join(' ') || undefined}
        onClick={() => {
          if (blockedReason === null) send({ type: 'GENERATE' });
        }}
      >
        {label}
      </button>
      {shownNote && (
        <p id={noteId} className="generate-action__note notice">
          {shownNote}
        </p>
      )}
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
