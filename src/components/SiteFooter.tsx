// The foot of every screen: the privacy page is one link away from anywhere (issue 25), not only from the
// result page; a signed-in visitor on a new device has no result page to reach it from.
import { RouteLink } from '../routing/RouteLink';

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <RouteLink route="privacy">Privacy and Your Data</RouteLink>
    </footer>
  );
}
