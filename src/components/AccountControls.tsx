// The account's buttons in the header: a guest saves their kitchens (a new passkey) or signs in with one made
// elsewhere; an account signs out. They only send events; the `account` region does the rest.
import { accountViewOf } from '../../machines/kitchen/account-view';
import type { KitchenEvent } from '../../machines/kitchen/events';
import { KitchenActor } from '../kitchen/kitchen-actor';
import { shallowEqual, useSend } from '../kitchen/use-kitchen';
import { ACCOUNT_BUTTONS } from './account-buttons';

type AccountEventType = Extract<KitchenEvent['type'], `ACCOUNT.${string}`>;

const BUTTONS: Record<AccountEventType, { label: string; look: 'quiet' | 'secondary' }> = {
  'ACCOUNT.SIGN_IN': { label: ACCOUNT_BUTTONS.signIn, look: 'quiet' },
  'ACCOUNT.SAVE': { label: ACCOUNT_BUTTONS.save, look: 'secondary' },
  'ACCOUNT.SIGN_OUT': { label: ACCOUNT_BUTTONS.signOut, look: 'quiet' },
  'ACCOUNT.DISMISS': { label: ACCOUNT_BUTTONS.dismiss, look: 'quiet' },
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

function Note({ text, alert = false }: { text: string | null; alert?: boolean }) {
  if (!text) return null;
  return alert ? (
    <span className="account-controls__error" role="alert">
      {text}
    </span>
  ) : (
    <span className="muted" role="status">
      {text}
    </span>
  );
}

export function AccountControls() {
  const { status, busyLabel, error } = KitchenActor.useSelector(accountViewOf, shallowEqual);
  return (
    <div className="account-controls" data-account-status={status}>
      {status === 'guest' && <AccountButtons events={['ACCOUNT.SIGN_IN', 'ACCOUNT.SAVE']} />}
      {status === 'busy' && <Note text={busyLabel} />}
      {status === 'member' && (
        <>
          <Note text={error} alert />
          <span className="muted">Kitchens saved</span>
          <AccountButtons events={['ACCOUNT.SIGN_OUT']} />
        </>
      )}
      {status === 'failed' && (
        <>
          <Note text={error} alert />
          <AccountButtons events={['ACCOUNT.SIGN_IN', 'ACCOUNT.SAVE', 'ACCOUNT.DISMISS']} />
        </>
      )}
      {status === 'signedOut' && <Note text="Signed out" />}
    </div>
  );
}
