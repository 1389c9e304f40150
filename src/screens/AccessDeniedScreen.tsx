// Shown when this browser's session is no longer honoured: it was ended (signed out, by an operator), it expired,
// its account was disabled, or the server could not confirm the user is this session's. Each says what happened
// and what to do; every way on is a full page load, since only fresh boot data starts a new session.
import type { AccessDenialReason } from '../../machines/kitchen/account';
import { SiteHeader } from '../components/SiteHeader';
import '../styles/screens.css';
import { useKitchenContext } from '../kitchen/use-kitchen';

interface Explanation {
  heading: string;
  what: string;
  next: string;
}

const EXPLANATIONS: Record<AccessDenialReason, Explanation> = {
  revoked: {
    heading: 'You Have Been Signed Out',
    what: 'This session was ended: you signed out in another tab, or it was ended for your account.',
    next: 'Start again, then choose “Sign in” and use your passkey to see your saved kitchens.',
  },
  expired: {
    heading: 'Your Session Has Expired',
    what: 'It has been a while since this browser was last used here, so its session ended.',
    next: 'Start again, then choose “Sign in” and use your passkey to see your saved kitchens.',
  },
  disabled: {
    heading: 'This Account Is Disabled',
    what: 'An operator has disabled this account, so its kitchens cannot be opened for now.',
    next: 'If you think this is a mistake, contact support and quote your account. You can still start over as a new guest.',
  },
  mismatch: {
    heading: 'Access Denied',
    what: "We couldn't confirm that this session is yours, so we've stopped here to keep your designs private.",
    next: 'Reloading the app usually starts a fresh session.',
  },
};

export function AccessDeniedScreen() {
  const reason = useKitchenContext((context) => context.accessDenial) ?? 'mismatch';
  const { heading, what, next } = EXPLANATIONS[reason];
  return (
    <>
      <SiteHeader account={false} />
      <main className="page message-screen" data-access-denial={reason}>
        <h1 tabIndex={-1} data-route-heading>
          {heading}
        </h1>
        <p className="lead">{what}</p>
        <p>{next}</p>
        {/* A full page load on purpose: a new session needs fresh boot data from the server. */}
        <a className="button button--primary" href="/">
          {reason === 'mismatch' ? 'Reload the app' : 'Start again'}
        </a>
      </main>
    </>
  );
}
