// On the result page, a guest is offered to keep their kitchens: a passkey makes this browser's user an account
// that any device with the passkey can sign in to.
import { accountViewOf } from '../../../machines/kitchen/account-view';
import { ACCOUNT_BUTTONS } from '../../components/account-buttons';
import { KitchenActor } from '../../kitchen/kitchen-actor';
import { useSend } from '../../kitchen/use-kitchen';

export function SaveKitchensCallout({ hasKitchens }: { hasKitchens: boolean }) {
  const isGuest = KitchenActor.useSelector((snapshot) => accountViewOf(snapshot).status === 'guest');
  const send = useSend();
  if (!hasKitchens || !isGuest) return null;
  return (
    <section className="notice save-kitchens" aria-labelledby="save-kitchens-title">
      <h2 id="save-kitchens-title">Keep Your Kitchens</h2>
      <p>
        Save them with a passkey (your fingerprint, face or screen lock) to see them on your other devices. No
        password, no email.
      </p>
      <button type="button" className="button button--primary" onClick={() => send({ type: 'ACCOUNT.SAVE' })}>
        {ACCOUNT_BUTTONS.save}
      </button>
    </section>
  );
}
