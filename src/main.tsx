import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { bootApp } from './boot/boot';
import { devInspector } from './dev/inspector';

async function start(root: HTMLElement) {
  const boot = bootApp();
  // Undefined at once unless `?inspect` in development; the production build has no inspector at all.
  const inspect = await devInspector();
  createRoot(root).render(
    <StrictMode>
      <App boot={boot} inspect={inspect} />
    </StrictMode>,
  );
}

const root = document.getElementById('root');
if (root) void start(root);
