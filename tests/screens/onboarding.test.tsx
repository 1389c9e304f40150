import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp, shown } from './harness';

afterEach(cleanup);

const heading = () => screen.getByRole('heading', { level: 1 });

describe('home and onboarding', () => {
  it('says what the product does and starts onboarding from its one call to action', async () => {
    renderApp();
    expect(heading().textContent).toBe('See Your Kitchen Reimagined');
    const start = screen.getByRole('link', { name: 'Get started' });
    expect(start.getAttribute('href')).toBe('/onboarding/how-it-works');
    fireEvent.click(start);
    await shown('How It Works');
  });

  it("shows the spec's three onboarding steps, with what this site does next", async () => {
    const app = renderApp();
    app.navigate('onboarding/how-it-works');
    await shown('How It Works');
    const steps = screen.getAllByRole('listitem');
    const copy = steps.map((step) => ({
      title: within(step).getByRole('heading').textContent,
      text: within(step).getByText((_, element) => element?.tagName === 'P').textContent,
    }));
    expect(copy).toEqual([
      { title: 'SNAP', text: "Let's see your space. Snap or upload a photo of your kitchen." },
      {
        title: 'SHAPE',
        text: 'Share your style, colors, finishes and layouts you love. We bring them to your photo.',
      },
      {
        title: 'SEE',
        text: 'See your kitchen reimagined, in your own photo with your new fronts and worktop, and a sketch of your layout.',
      },
    ]);
  });

  it('moves between onboarding steps with Next and Back, then into the wizard', async () => {
    const app = renderApp();
    app.navigate('onboarding/how-it-works');
    await shown('How It Works');
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await shown('Make It Yours');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await shown('Showcase');
    expect(screen.getAllByRole('figure').length).toBeGreaterThanOrEqual(3);
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await shown('Make It Yours');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await shown('Showcase');
    fireEvent.click(screen.getByRole('button', { name: 'Start creating' }));
    await shown('Upload Your Kitchen Photo');
  });

  it('shows Not Found for an unknown address and access denied without a user', async () => {
    const app = renderApp();
    app.navigate('not-found');
    await shown('Not Found');
    cleanup();
    renderApp({ userId: null });
    await shown('Access Denied');
  });
});
