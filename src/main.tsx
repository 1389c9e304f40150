import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppRoot } from './app/AppRoot';
import { bootApp } from './boot/boot';
import { PRERENDERED_HOME_ROUTE, prerenderedRouteOf } from './boot/prerendered';
import { devInspector } from './dev/inspector';

async function start(root: HTMLElement) {
  const boot = bootApp();
  // Undefined at once unless `?inspect` in development; the production build has no inspector at all.
  const inspect = await devInspector();
  const app = <AppRoot boot={boot} inspect={inspect} />;
  // The page for `/` holds the home screen's HTML already (scripts/prerender.ts): React adopts it instead of
  // building it again. The machine starts at home for every visitor with a user id; without one it starts at
  // access denied, which the prerendered HTML is not, so that (broken boot data) renders afresh.
  // A transition lets React yield to the browser every few milliseconds while it builds the first screen, so
  // a tap or a keypress during start-up is not kept waiting behind one long task.
  startTransition(() => {
    if (prerenderedRouteOf(root) === PRERENDERED_HOME_ROUTE && boot.input.userId !== null)
      hydrateRoot(root, app);
    else {
      root.replaceChildren();
      createRoot(root).render(app);
    }
  });
}

const root = document.getElementById('root');
if (root) void start(root);
