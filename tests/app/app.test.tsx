// The app's plumbing rendered in a DOM with the real machine: links, preload on intent, saving choices, the
// first screen of a deep link.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../src/api/client';
import { createLazyQueryClient } from '../../src/api/lazy-query-client';
import { App, AppProviders } from '../../src/app/App';
import type { AppBoot } from '../../src/boot/boot';
import { useSaveOutcome } from '../../src/kitchen/app-services';
import { KitchenActor } from '../../src/kitchen/kitchen-actor';
import { loadSelections, STORAGE_KEYS } from '../../src/persistence/kitchen-storage';
import { RouteLink } from '../../src/routing/RouteLink';
import { usePreloadIntent } from '../../src/routing/use-preload-intent';
import { defaultActors } from '../machines/support/kitchen-harness';
import { type LocalServer, startLocalServer } from './support/local-server';

let local: LocalServer;
let materialRequests = 0;
beforeAll(async () => {
  local = await startLocalServer((app) => {
    app.get('/api/v1/store/worktops/materials', async () => {
      materialRequests += 1;
      return { materials: ['Quartz'] };
    });
  });
});
afterAll(() => local?.close());
beforeEach(() => {
  // jsdom has no layout and cannot scroll.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  cleanup();
  localStorage.clear();
});

const bootFor = (): AppBoot => ({
  input: { userId: 1, restored: loadSelections(localStorage) },
  api: createApiClient({ baseUrl: local.origin }),
  queryClient: createLazyQueryClient(),
  storage: localStorage,
  imageService: 'local',
});

const photo = { name: 'kitchen.jpg', type: 'image/jpeg', size: 1000 };

function Probe() {
  const route = KitchenActor.useSelector((snapshot) => snapshot.context.currentStep);
  const send = KitchenActor.useActorRef().send;
  const outcome = useSaveOutcome();
  const preload = usePreloadIntent('material');
  return (
    <div>
      <output data-testid="step">{route}</output>
      <output data-testid="saved">{outcome ?? 'none'}</output>
      <button type="button" {...preload}>
        Worktops
      </button>
      <button type="button" onClick={() => send({ type: 'PHOTO.SELECTED', file: photo })}>
        Choose photo
      </button>
      <RouteLink route="onboarding/showcase">Showcase</RouteLink>
    </div>
  );
}

function renderApp(path = '/') {
  window.history.replaceState(null, '', path);
  const boot = bootFor();
  render(
    <AppProviders boot={boot} actors={defaultActors}>
      <Probe />
    </AppProviders>,
  );
  return boot;
}

describe('RouteLink', () => {
  it('renders a real link and turns a plain click into a move of the machine', () => {
    renderApp('/');
    const link = screen.getByRole('link', { name: 'Showcase' });
    expect(link.getAttribute('href')).toBe('/onboarding/showcase');
    const before = window.history.length;
    act(() => {
      fireEvent.click(link);
    });
    expect(window.location.pathname).toBe('/onboarding/showcase');
    expect(window.history.length).toBe(before + 1);
  });

  it('leaves a click with a modifier (new tab) to the browser', () => {
    renderApp('/');
    const link = screen.getByRole('link', { name: 'Showcase' });
    const event = new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true });
    // Seen after React's handler, then stopped: jsdom cannot open a new tab.
    let preventedByApp: boolean | undefined;
    const observe = (seen: Event) => {
      preventedByApp = seen.defaultPrevented;
      seen.preventDefault();
    };
    window.addEventListener('click', observe, { once: true });
    act(() => {
      link.dispatchEvent(event);
    });
    expect(preventedByApp).toBe(false);
    expect(window.location.pathname).toBe('/');
  });
});

describe('preload on intent', () => {
  it("fetches a step's lists into the query cache when the pointer comes near a way into it", async () => {
    const boot = renderApp('/');
    const before = materialRequests;
    fireEvent.pointerEnter(screen.getByRole('button', { name: 'Worktops' }));
    await vi.waitFor(async () =>
      expect((await boot.queryClient.get()).getQueryData(['catalogue', 'worktopMaterials', {}])).toEqual({
        kind: 'worktopMaterials',
        items: ['Quartz'],
      }),
    );
    // Preloads use a freshness of 0 (spec §9): showing intent again asks again.
    fireEvent.focus(screen.getByRole('button', { name: 'Worktops' }));
    await vi.waitFor(() => expect(materialRequests - before).toBe(2));
  });
});

describe('saving choices', () => {
  it('saves a changed choice and reports how the save went', async () => {
    renderApp('/create-kitchen/upload-image');
    expect(localStorage.getItem(STORAGE_KEYS.wizard)).toBeNull();
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Choose photo' }));
    });
    await vi.waitFor(() => expect(screen.getByTestId('saved').textContent).toBe('saved'));
    await vi.waitFor(() =>
      expect(loadSelections(localStorage).wizard).toMatchObject({
        inputImageDataUrl: 'data:image/jpeg;base64,/9j/2wBDAA',
        moderationPassed: true,
      }),
    );
  });
});

describe('a deep link', () => {
  it('shows its screen once the code is here, with no placeholder before it', async () => {
    const path = '/onboarding/how-it-works';
    window.history.replaceState(null, '', path);
    // React keeps a placeholder it has shown for at least 300 ms: the screen waits for its code instead (D143).
    let placeholderShown = false;
    const observer = new MutationObserver(() => {
      placeholderShown ||= document.querySelector('main[aria-busy="true"]') !== null;
    });
    observer.observe(document.body, { childList: true, subtree: true });
    try {
      render(<App boot={{ ...bootFor(), path }} actors={defaultActors} />);
      await screen.findByRole('heading', { level: 1, name: 'How It Works' }, { timeout: 10_000 });
    } finally {
      observer.disconnect();
    }
    expect(placeholderShown).toBe(false);
  });
});
