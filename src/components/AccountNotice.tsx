// A failed passkey ceremony, as the page's own notice under the header (issue 34): the header keeps its one row
// whatever the sentence's length, and the notice belongs to the page it failed on. Leaving that page leaves it
// behind (the account region stays `failed`, with its buttons in the header; only the words are not carried).
import { useState } from 'react';
import { accountViewOf } from '../../machines/kitchen/account-view';
import { viewOf } from '../../machines/kitchen/view';
import { KitchenActor } from '../kitchen/kitchen-actor';
import { shallowEqual, useSend } from '../kitchen/use-kitchen';
import { ACCOUNT_BUTTONS } from './account-buttons';

/**
 * The failure this page shows: one that arrived while it was open, on it. Each screen mounts its own header, so a
 * failure already standing when this one mounted is another page's.
 */
function useThisPagesFailure(error: string | null, route: string): string | null {
  const [arrived, setArrived] = useState<{ error: string | null; route: string | null }>({
    error,
    route: null,
  });
  // Derived during render (React's "storing information from previous renders"): shown in the same commit.
  if (arrived.error !== error) setArrived({ error, route });
  return arrived.error === error && arrived.route === route ? error : null;
}

export function AccountNotice() {
  const send = useSend();
  const { status, error } = KitchenActor.useSelector(accountViewOf, shallowEqual);
  const route = KitchenActor.useSelector((snapshot) => viewOf(snapshot).route);
  const shown = useThisPagesFailure(error, route);
  if (!shown) return null;
  return (
    <div className="page account-notice">
      <div className="notice notice--danger account-notice__box" role="alert">
        <p tabIndex={-1} data-account-focus>
          {shown}
        </p>
        {/* Only a failed guest ceremony is dismissed; a member's failed sign-out stands until the next try. */}
        {status === 'failed' && (
          <button
            type="button"
            className="button button--quiet account-notice__dismiss"
            aria-label={ACCOUNT_BUTTONS.dismiss}
            onClick={() => send({ type: 'ACCOUNT.DISMISS' })}
          >
            <span aria-hidden="true">×</span>
          </button>
        )}
      </div>
    </div>
  );
}
