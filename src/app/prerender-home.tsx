// The build's server-side entry (scripts/prerender.ts): the home screen as HTML, rendered by the app itself so
// the browser can hydrate it. Home shows no user data, so a placeholder user and no storage render it as any
// visitor's browser first renders it (the machine starts at home for every visitor with a user id).
import { renderToString } from 'react-dom/server';
import { createApiClient } from '../api/client';
import { createLazyQueryClient } from '../api/lazy-query-client';
import type { AppBoot } from '../boot/boot';
import { AppRoot } from './AppRoot';

/** Any valid user id: the server's boot data supplies the real one before the browser hydrates. */
const PLACEHOLDER_USER_ID = 1;

/** Home as a site with `imageService` shows it: its words follow the service (server/app-shell picks the page). */
export function renderHomeToString(imageService: string): string {
  const boot: AppBoot = {
    input: { userId: PLACEHOLDER_USER_ID },
    api: createApiClient({ baseUrl: '' }),
    queryClient: createLazyQueryClient(),
    storage: null,
    imageService,
    path: '/',
  };
  return renderToString(<AppRoot boot={boot} />);
}
