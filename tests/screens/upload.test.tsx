import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { STEP_BLOCKED_REASONS } from '../../machines/kitchen/requirements';
import { ApiHttpError } from '../../src/api/request-errors';
import { MARKING_WORDS } from '../../src/screens/wizard/steps/PhotoMarkingPanel';
import { COMPLETE_SELECTIONS, renderApp, shown } from './harness';

afterEach(cleanup);

const kitchenPhoto = () =>
  new File([new Uint8Array([0xff, 0xd8, 0xff])], 'kitchen.jpg', { type: 'image/jpeg' });
const nextButton = () => screen.getByRole('button', { name: 'Next' });

async function openUploadStep(server: Parameters<typeof renderApp>[0] = {}) {
  const app = renderApp(server);
  app.navigate('create-kitchen/upload-image');
  await shown('Upload Your Kitchen Photo');
  return app;
}

describe('the photo step', () => {
  it('on a phone offers the camera first and a file picker, and says nothing of drag and drop', async () => {
    await openUploadStep();
    const camera = screen.getByLabelText('Take a photo') as HTMLInputElement;
    expect(camera.type).toBe('file');
    expect(camera.getAttribute('capture')).toBe('environment');
    expect(camera.accept).toBe('image/*,.heic,.heif');
    expect(camera.closest('label')?.className).toContain('button--primary');
    const picker = screen.getByLabelText('Choose a file') as HTMLInputElement;
    expect(picker.hasAttribute('capture')).toBe(false);
    expect(screen.getByText('Take a photo of your kitchen, or choose one from your photos.')).toBeTruthy();
    expect(screen.queryByText(/Drag and drop/)).toBeNull();
    expect(nextButton().getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByText(STEP_BLOCKED_REASONS['upload-image'])).toBeTruthy();
  });

  it('with a mouse offers drag and drop and a file picker, and no camera', async () => {
    const matchMedia = window.matchMedia;
    // A desktop browser: hover and a fine pointer.
    window.matchMedia = ((media: string) => ({
      matches: media === '(hover: hover) and (pointer: fine)',
      media,
      addEventListener: () => {},
      removeEventListener: () => {},
    })) as unknown as typeof window.matchMedia;
    try {
      await openUploadStep();
      expect(screen.getByText('Drag and drop a photo here, or choose a file.')).toBeTruthy();
      expect(screen.queryByLabelText('Take a photo')).toBeNull();
      const picker = screen.getByLabelText('Choose a file') as HTMLInputElement;
      expect(picker.closest('label')?.className).toContain('button--primary');
    } finally {
      window.matchMedia = matchMedia;
    }
  });

  it('sends the chosen file, shows the prepared photo once it passes, and removes it', async () => {
    const app = await openUploadStep();
    const file = kitchenPhoto();
    fireEvent.change(screen.getByLabelText('Choose a file'), { target: { files: [file] } });
    expect(app.context().file).toBe(file);
    expect(await screen.findByText('Your photo is ready. Continue when you are.')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Your kitchen' })).toBeTruthy();
    expect(nextButton().getAttribute('aria-disabled')).toBe('false');

    fireEvent.click(screen.getByRole('button', { name: 'Remove photo' }));
    expect(app.context().inputImageDataUrl).toBeNull();
    expect(screen.queryByRole('img', { name: 'Your kitchen' })).toBeNull();
  });

  it('invites marking once the photo is checked, opens the marking tool, and can skip it', async () => {
    const app = await openUploadStep();
    expect(screen.queryByText(MARKING_WORDS.invite)).toBeNull();
    fireEvent.change(screen.getByLabelText('Choose a file'), { target: { files: [kitchenPhoto()] } });
    expect(await screen.findByText(MARKING_WORDS.invite)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: MARKING_WORDS.start }));
    expect(await screen.findByRole('heading', { name: 'Mark what will change' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: /^Fronts/ })).toHaveProperty('checked', true);
    for (const name of ['Undo', 'Clear', 'Zoom in', 'Zoom out', 'Use this marking'])
      expect(screen.getByRole('button', { name })).toHaveProperty('disabled', name !== 'Zoom in');
    // The spec's step stays on screen, with its title and Next, while marking.
    expect(nextButton().getAttribute('aria-disabled')).toBe('false');

    fireEvent.click(screen.getByRole('button', { name: 'Skip marking' }));
    expect(await screen.findByText(MARKING_WORDS.skipped)).toBeTruthy();
    expect(app.context().photoMarking).toBe('skipped');
    expect(screen.getByRole('img', { name: 'Your kitchen' })).toBeTruthy();
  });

  it('keeps focus on the marking as the tool opens and closes, never on the page body (issue 36)', async () => {
    const app = renderApp({
      restored: { ...COMPLETE_SELECTIONS, wizard: { ...COMPLETE_SELECTIONS.wizard, photoMarking: 'marked' } },
    });
    app.navigate('create-kitchen/upload-image');
    await shown('Upload Your Kitchen Photo');
    fireEvent.click(await screen.findByRole('button', { name: MARKING_WORDS.change }));
    const title = await screen.findByRole('heading', { name: 'Mark what will change' });
    await waitFor(() => expect(document.activeElement).toBe(title));
    // Cancel: back on the button that opened the tool.
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: MARKING_WORDS.change })),
    );
    expect(app.context().photoMarking).toBe('marked');
  });

  it('gives focus back to the marking invitation after Skip marking', async () => {
    await openUploadStep();
    fireEvent.change(screen.getByLabelText('Choose a file'), { target: { files: [kitchenPhoto()] } });
    fireEvent.click(await screen.findByRole('button', { name: MARKING_WORDS.start }));
    await screen.findByRole('heading', { name: 'Mark what will change' });
    fireEvent.click(screen.getByRole('button', { name: 'Skip marking' }));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: MARKING_WORDS.start })),
    );
  });

  it('accepts a dropped photo', async () => {
    const app = await openUploadStep();
    const file = kitchenPhoto();
    fireEvent.drop(screen.getByRole('region', { name: 'Your kitchen photo' }), {
      dataTransfer: { files: [file] },
    });
    expect(app.context().file).toBe(file);
    await screen.findByRole('img', { name: 'Your kitchen' });
  });

  it('says kindly when the photo is rejected and lets the user choose another', async () => {
    await openUploadStep({ verdict: { isSafe: false, imageId: null } });
    fireEvent.change(screen.getByLabelText('Choose a file'), { target: { files: [kitchenPhoto()] } });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain("We can't use this photo.");
    expect(alert.textContent).toContain('please choose another photo of your kitchen');
    expect(screen.getByLabelText('Choose another file')).toBeTruthy();
    expect(nextButton().getAttribute('aria-disabled')).toBe('true');
  });

  it('says before any upload that no generations are left', async () => {
    const app = await openUploadStep({ remainingGenerations: 0 });
    await waitFor(() => expect(app.context().remainingGenerations).toBe(0));
    expect(screen.getByText('You have no generations left.')).toBeTruthy();
  });

  it.each([
    [503, 'IMAGE_SERVICE_BUSY', 'Our image service is busy. Please try again in a minute.'],
    [413, 'STORAGE_LIMIT_REACHED', 'You have stored as many photos as we can keep for you.'],
  ])("shows the server's message for an upload refused with %i %s", async (status, code, message) => {
    await openUploadStep({
      checkPhoto: () => Promise.reject(new ApiHttpError(status, message, code, null, 30)),
    });
    fireEvent.change(screen.getByLabelText('Choose a file'), { target: { files: [kitchenPhoto()] } });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(message);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(nextButton().getAttribute('aria-disabled')).toBe('true');
  });
});
