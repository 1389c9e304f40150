import { SiteHeader } from '../components/SiteHeader';
import { RouteLink } from '../routing/RouteLink';
import '../styles/screens.css';

export function NotFoundScreen() {
  return (
    <>
      <SiteHeader />
      <main className="page message-screen">
        <h1 tabIndex={-1} data-route-heading>
          Not Found
        </h1>
        <p className="lead">There is no page at this address.</p>
        <RouteLink route="home" className="button button--primary">
          Go to the home page
        </RouteLink>
      </main>
    </>
  );
}
