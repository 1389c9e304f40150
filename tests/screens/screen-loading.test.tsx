// What the user sees while a screen's code loads on demand, and when it cannot be loaded.
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COMPLETE_SELECTIONS, renderApp, shown } from './harness';

// A screen's code failing to download is a network condition, not a part of the product, so the result
// screen's loader is made to fail the way a lost connection makes a dynamic import fail. Every other screen
// loads its real code.
vi.mock('../../src/screens/screen-loaders', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/screens/screen-loaders')>();
  return {
    ...real,
    loadYourKitchen: () =>
      Promise.reject(
        new TypeError('Failed to fetch dynamically imported module: /assets/YourKitchenScreen.js'),
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
