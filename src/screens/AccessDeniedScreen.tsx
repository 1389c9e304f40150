// Shown when the server could not confirm that this browser's session owns the user id it was given.
import { SiteHeader } from '../components/SiteHeader';
import '../styles/screens.css';

export function AccessDeniedScreen() {
  return (
    <>
      <SiteHeader />
      <main className="page message-screen">
        <h1 tabIndex={-1} data-route-heading>
          Access denied
        </h1>
        <p className="lead">
          We couldn't confirm that this session is yours, so we've stopped here to keep your designs private.
        </p>
        <p>Reloading the app usually starts a fresh session.</p>
        {/* A full page load on purpose: a new session needs fresh boot data from the server. */}
        <a className="button button--primary" href="/">
          Reload the app
        </a>
      </main>
    </>
  );
}
