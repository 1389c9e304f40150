// The privacy page (issue 15, item 5): what it says is stored, for how long (the server's retention and session
// lifetimes), what leaves the machine with the site's image service, and its delete confirmation driven by the chart.
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { myDataExportUrl } from '../../contract/my-data';
import { type FakeServer, renderApp, shown } from './harness';

afterEach(cleanup);

const HEADING = 'Privacy and Your Data';

async function openPrivacy(server: FakeServer = {}) {
  const app = renderApp(server);
  await act(async () => {});
  app.navigate('privacy');
  await shown(HEADING);
  return app;
}

const sectionText = (heading: string) => {
  const title = screen.getByRole('heading', { level: 2, name: heading });
  const texts: string[] = [];
  for (let next = title.nextElementSibling; next && next.tagName !== 'H2'; next = next.nextElementSibling) {
    texts.push(next.textContent ?? '');
  }
  return texts.join(' ');
};

describe('the privacy page', () => {
  it('says what is stored: the photo, the empty room and results, the choices, the session', async () => {
    await openPrivacy();
    const stored = sectionText('What Is Stored');
    for (const thing of [/photo you upload/, /empty room/, /kitchens made from it/, /choices/, /session/]) {
      expect(stored).toMatch(thing);
    }
  });

  it("states the server's image retention and session lifetimes", async () => {
    await openPrivacy({ imageRetentionDays: 7, sessionDays: { idle: 14, max: 90 } });
    const howLong = sectionText('For How Long');
    expect(howLong).toContain('deleted 7 days after they are made');
    expect(howLong).toContain('after 14 days without a visit, and after 90 days at most');
  });

  it('does not invent numbers the server did not give', async () => {
    await openPrivacy({ imageRetentionDays: null, sessionDays: null });
    const howLong = sectionText('For How Long');
    expect(howLong).toContain('deleted a limited number of days after they are made');
    expect(howLong).toContain('session ends after a while without a visit');
    expect(howLong).not.toMatch(/\d/);
  });

  it('names the image service this site uses, and what leaves with it (issue 36)', async () => {
    const offline = await openPrivacy();
    const leaves = () => sectionText('What Leaves This Service');
    expect(leaves()).toContain('This site makes its kitchens with this site’s own server. Nothing:');
    // One service, not a list of what an operator might choose; and never by the operator's setting's name.
    for (const other of ['go to OpenAI', 'Replicate', 'ComfyUI', 'local', 'depending']) {
      expect(leaves()).not.toContain(other);
    }
    offline.unmount();
    await openPrivacy({ imageService: 'replicate' });
    expect(leaves()).toContain('This site makes its kitchens with Replicate.');
    expect(leaves()).toMatch(/go to Replicate, which deletes them .* after one hour/);
    expect(leaves()).not.toContain('go to OpenAI');
  });

  it('says what an empty room is, as this site makes it', async () => {
    const offline = await openPrivacy();
    expect(sectionText('What Is Stored')).toMatch(
      /“empty room” made from your photo, .*: on this site, your photo as it is/,
    );
    offline.unmount();
    await openPrivacy({ imageService: 'openai' });
    expect(sectionText('What Is Stored')).toMatch(
      /“empty room” made from your photo: a copy with its cabinets/,
    );
  });

  it('leads back to the result page once there is a kitchen, else to the step the visitor was on', async () => {
    const withKitchen = await openPrivacy({
      restored: { wizard: { lastGeneratedImageDataUrl: '/result.png' }, frontals: {}, worktops: {} },
    });
    expect(screen.getByRole('link', { name: 'Back to your kitchen' }).getAttribute('href')).toBe(
      '/your-kitchen',
    );
    withKitchen.unmount();
    const withPhoto = await openPrivacy({
      restored: {
        wizard: { inputImageDataUrl: '/photo.png', currentStep: 'design' },
        frontals: {},
        worktops: {},
      },
    });
    expect(screen.getByRole('link', { name: 'Back to your kitchen' }).getAttribute('href')).toBe(
      '/create-kitchen/design',
    );
    withPhoto.unmount();
    // A new visitor has no kitchen to go back to.
    await openPrivacy();
    expect(screen.queryByRole('link', { name: 'Back to your kitchen' })).toBeNull();
  });

  it('is one link away from every screen, in the footer', async () => {
    const app = renderApp();
    await act(async () => {});
    for (const route of ['home', 'your-kitchen', 'not-found'] as const) {
      app.navigate(route);
      await act(async () => {});
      expect(within(screen.getByRole('contentinfo')).getByRole('link').getAttribute('href')).toBe('/privacy');
    }
  });

  it('links the download of the zip', async () => {
    await openPrivacy();
    const link = screen.getByRole('link', { name: 'Download my data' });
    expect(link.getAttribute('href')).toBe(myDataExportUrl);
    expect(link.hasAttribute('download')).toBe(true);
  });
});

describe('delete my data', () => {
  it('asks first, and Keep my data (or Escape) deletes nothing and returns focus to the button', async () => {
    let calls = 0;
    const app = await openPrivacy({ deleteMyData: async () => void calls++ });
    fireEvent.click(screen.getByRole('button', { name: 'Delete my data' }));
    const confirmation = screen.getByRole('region', { name: 'Delete Everything?' });
    expect(document.activeElement).toBe(within(confirmation).getByRole('heading'));
    fireEvent.click(within(confirmation).getByRole('button', { name: 'Keep my data' }));
    expect(screen.queryByRole('region', { name: 'Delete Everything?' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete my data' }));

    fireEvent.click(screen.getByRole('button', { name: 'Delete my data' }));
    fireEvent.keyDown(screen.getByRole('heading', { name: 'Delete Everything?' }), { key: 'Escape' });
    expect(screen.queryByRole('region', { name: 'Delete Everything?' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete my data' }));
    expect(calls).toBe(0);
    expect(app.actor.getSnapshot().matches({ myData: 'idle' })).toBe(true);
  });

  it('deletes once confirmed, empties the wizard and says so, focused', async () => {
    let calls = 0;
    const app = await openPrivacy({
      restored: {
        wizard: { selectedShape: 'l-shaped', hasIsland: true, lastGeneratedImageDataUrl: '/result.png' },
        frontals: {},
        worktops: {},
      },
      deleteMyData: async () => void calls++,
    });
    expect(screen.getByRole('link', { name: 'Back to your kitchen' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete my data' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Yes, delete my data' }));
    });
    const outcome = await screen.findByText('Your data has been deleted. This browser is a new visitor now.');
    expect(document.activeElement).toBe(outcome);
    expect(calls).toBe(1);
    expect(app.context()).toMatchObject({ selectedShape: null, hasIsland: null });
    // Nothing is left to go back to (issue 36): no dead end, before or after Done.
    expect(screen.queryByRole('link', { name: 'Back to your kitchen' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete my data' }));
    expect(screen.queryByRole('link', { name: 'Back to your kitchen' })).toBeNull();
  });

  it('says when the deletion failed, and lets the user try again', async () => {
    const app = await openPrivacy({
      restored: { wizard: { selectedShape: 'l-shaped' }, frontals: {}, worktops: {} },
      deleteMyData: async () => {
        throw new Error('offline');
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Delete my data' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Yes, delete my data' }));
    });
    expect((await screen.findByRole('alert')).textContent).toContain(
      'We could not delete your data. Please try again.',
    );
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete my data' }));
    expect(app.context().selectedShape).toBe('l-shaped');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(app.actor.getSnapshot().matches({ myData: 'idle' })).toBe(true);
  });
});
