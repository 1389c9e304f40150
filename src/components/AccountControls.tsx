// The account's buttons in the header: a guest saves their kitchens (a new passkey) or signs in with one made
// elsewhere; an account signs out. They only send events; the `account` region does the rest. A failure is the
// page's notice under the header (AccountNotice), so the header stays one row (issues 25, 34); and when the
// button that was pressed goes away, focus moves to what the controls or that notice say, never to the body.
import { type RefObject, useEffect, useRef } from 'react';
import { accountViewOf } from '../../machines/kitchen/account-view';
import type { KitchenEvent } from '../../machines/kitchen/events';
import { KitchenActor } from '../kitchen/kitchen-actor';
import { shallowEqual, useSend } from '../kitchen/use-kitchen';
import { ACCOUNT_BUTTONS } from './account-buttons';

type AccountEventType = Exclude<Extract<KitchenEvent['type'], `ACCOUNT.${string}`>, 'ACCOUNT.DISMISS'>;

const BUTTONS: Record<AccountEventType, { label: string; look: 'quiet' | 'secondary' }> = {
  'ACCOUNT.SIGN_IN': { label: ACCOUNT_BUTTONS.signIn, look: 'quiet' },
  'ACCOUNT.SAVE': { label: ACCOUNT_BUTTONS.save, look: 'secondary' },
  'ACCOUNT.SIGN_OUT': { label: ACCOUNT_BUTTONS.signOut, look: 'quiet' },
};

function AccountButtons({ events }: { events: AccountEventType[] }) {
  const send = useSend();
  return events.map((type) => (
    <button
      key={type}
      type="button"
      className={`button button--${BUTTONS[type].look}`}
      onClick={() => send({ type })}
    >
      {BUTTONS[type].label}
    </button>
  ));
}

/** Words the controls show; `data-account-focus` marks the one focus moves to when the pressed button is gone. */
function Note({ text }: { text: string | null }) {
  if (!text) return null;
  return (
    <span className="muted" role="status" tabIndex={-1} data-account-focus>
      {text}
    </span>
  );
}

/** When the status changes and the focused button went with it, focus the controls' words instead. */
function useFocusKeptIn(box: RefObject<HTMLDivElement | null>, status: string) {
  const previous = useRef(status);
  useEffect(() => {
    if (previous.current === status) return;
    previous.current = status;
    const focused = document.activeElement;
    if (focused && focused !== document.body && focused.isConnected) return;
    // The controls' own words, else a failure's notice under the header (AccountNotice).
    const words =
      box.current?.querySelector<HTMLElement>('[data-account-focus]') ??
      document.querySelector<HTMLElement>('.account-notice [data-account-focus]');
    words?.focus();
  }, [box, status]);
}

export function AccountControls() {
  const { status, busyLabel } = KitchenActor.useSelector(accountViewOf, shallowEqual);
  const box = useRef<HTMLDivElement>(null);
  useFocusKeptIn(box, status);
  return (
    <div ref={box} className="account-controls" data-account-status={status}>
      {status === 'guest' && <AccountButtons events={['ACCOUNT.SIGN_IN', 'ACCOUNT.SAVE']} />}
      {status === 'busy' && <Note text={busyLabel} />}
      {status === 'member' && (
        <>
          <Note text="Kitchens saved" />
          <AccountButtons events={['ACCOUNT.SIGN_OUT']} />
        </>
      )}
      {status === 'failed' && <AccountButtons events={['ACCOUNT.SIGN_IN', 'ACCOUNT.SAVE']} />}
      {status === 'signedOut' && <Note text="Signed out" />}
    </div>
  );
}
