// The brand bar at the top of every screen; the brand leads home, the account controls sit at its end, and a
// failed passkey ceremony is a notice under it.
import { RouteLink } from '../routing/RouteLink';
import { APP_NAME } from '../routing/route-titles';
import { AccountControls } from './AccountControls';
import { AccountNotice } from './AccountNotice';

/** `account: false` where the session is over (access denied): only a page load can start a new one. */
export function SiteHeader({ account = true }: { account?: boolean }) {
  return (
    <>
      <header className="site-header">
        <RouteLink route="home" className="site-header__brand" aria-label={APP_NAME}>
          <svg width="28" height="28" viewBox="0 0 28 28" aria-hidden="true" focusable="false">
            <rect x="3" y="6" width="22" height="18" rx="3" fill="var(--color-accent)" />
            <rect x="7" y="10" width="6" height="10" rx="1" fill="var(--color-accent-soft)" />
            <rect x="15" y="10" width="6" height="10" rx="1" fill="var(--color-accent-soft)" />
          </svg>
          <span className="site-header__name">{APP_NAME}</span>
        </RouteLink>
        {account && <AccountControls />}
      </header>
      {account && <AccountNotice />}
    </>
  );
}
