// What the user sees while a screen's code loads on demand, and when it cannot be loaded.
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadOnce } from '../../src/api/load-on-demand';
import { privacyScreen } from '../../src/screens/screen-loaders';
import { COMPLETE_SELECTIONS, renderApp, shown } from './harness';

// A screen's code failing to download is a network condition, not a part of the product, so the result
// screen's loader is made to fail the way a lost connection makes a dynamic import fail. Every other screen
// loads its real code.
vi.mock('../../src/screens/screen-loaders', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/screens/screen-loaders')>();
  return {
    ...real,
    yourKitchenScreen: loadOnce(() =>
      Promise.reject(
        new TypeError('Failed to fetch dynamically imported module: /assets/YourKitchenScreen.js'),
      ),
    ),
  };
});

afterEach(() => {
  vi.restoreAllMocks();
  cleanup();
});

describe('screens loaded on demand', () => {
  it('shows the header over an empty, busy page while a screen loads, then the screen', async () => {
    const app = renderApp();
    // The first showing of an on-demand screen always waits for its code, however quickly it comes.
    app.navigate('onboarding/how-it-works');
    expect(screen.getByRole('link', { name: 'Kitchen Reimagined' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('main').getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();

    await shown('How It Works');
    expect(screen.getByRole('main').hasAttribute('aria-busy')).toBe(false);
    expect(screen.getByRole('button', { name: 'Next' })).toBeTruthy();
  });

  it('shows a screen as soon as its code is here, not a while after', async () => {
    const app = renderApp();
    // Outside act, as in a browser: there React keeps a fallback it has shown for 0.3 s at least (D143).
    const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    const wasActEnvironment = actEnvironment.IS_REACT_ACT_ENVIRONMENT;
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
    try {
      app.actor.send({ type: 'NAVIGATE', route: 'privacy' });
      await privacyScreen.get();
      // A few turns of the event loop for React to render what the load set: far less than 0.3 s.
      for (let turn = 0; turn < 5; turn += 1) await new Promise((next) => setImmediate(next));
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Privacy and Your Data');
    } finally {
      actEnvironment.IS_REACT_ACT_ENVIRONMENT = wasActEnvironment;
    }
  });

  it('shows a screen whose code came with the one before at once, with no placeholder between', async () => {
    const app = renderApp();
    app.navigate('onboarding/how-it-works');
    await shown('How It Works');
    // The three onboarding screens load together: the next two need no wait (React would keep a placeholder it
    // showed for 0.3 s).
    for (const [route, title] of [
      ['onboarding/personalization', 'Make It Yours'],
      ['onboarding/showcase', 'Showcase'],
    ] as const) {
      app.navigate(route);
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(title);
      expect(screen.getByRole('main').hasAttribute('aria-busy')).toBe(false);
    }
  });

  it('says when a screen could not be loaded, offers a reload, and still shows the next screen', async () => {
    // React reports the error the boundary caught; here it is the expected outcome, not noise to read.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const app = renderApp();
    app.navigate('your-kitchen');
    await shown('This Page Could Not Be Loaded');
    expect(
      screen.getByText('Please check your connection and reload the page. Your choices are kept.'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Kitchen Reimagined' })).toBeTruthy();

    app.navigate('home');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('See Your Kitchen Reimagined');
    app.navigate('onboarding/how-it-works');
    await shown('How It Works');
  });

  it('loads the screens of the steps after the photo when one is first shown, then shows each at once', async () => {
    const app = renderApp({ restored: COMPLETE_SELECTIONS });
    app.navigate('create-kitchen/kitchen-shape');
    await shown('Kitchen Layout');
    expect(await screen.findByRole('radio', { name: /^Single wall/ })).toBeTruthy();

    // Their code is here now: the next step's choices come with its heading, with no placeholder between.
    app.navigate('create-kitchen/kitchen-island');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Kitchen Island');
    expect(screen.getByRole('radio', { name: /^Yes, add an island/ })).toBeTruthy();
    expect(screen.queryByText('Loading the choices…')).toBeNull();
  });
});
