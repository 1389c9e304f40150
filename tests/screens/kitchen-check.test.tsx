// The soft "is it a kitchen?" question on the photo step (issues 22 and 36): shown when the server's check found
// no kitchen object; one question with one primary action (mark the photo), another photo beside it, and Next
// still open but quieter; never a refusal.
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ImageVerdict } from '../../machines/kitchen/actors';
import { renderApp, shown } from './harness';

afterEach(cleanup);

const IMAGE_ID = '5a0e4b8f-1c2d-4e3f-9a8b-7c6d5e4f3a21';
const photo = () => new File([new Uint8Array([0xff, 0xd8, 0xff])], 'photo.jpg', { type: 'image/jpeg' });

async function uploadWith(verdict: ImageVerdict) {
  const app = renderApp({ verdict });
  app.navigate('create-kitchen/upload-image');
  await shown('Upload Your Kitchen Photo');
  fireEvent.change(screen.getByLabelText('Choose a file'), { target: { files: [photo()] } });
  await screen.findByRole('button', { name: 'Remove photo' });
  await waitFor(() => expect(app.context().moderationPassed).toBe(true));
  return app;
}

const primaryButtons = () =>
  [...document.querySelectorAll('.button--primary')].map((button) => button.textContent);

describe('the kitchen check on the photo step', () => {
  it('asks one question with one primary action, and Next still goes on, quieter', async () => {
    const app = await uploadWith({
      isSafe: true,
      imageId: IMAGE_ID,
      kitchenCheck: { looksLikeKitchen: false, found: [] },
    });
    expect(app.context().kitchenCheck).toEqual({ looksLikeKitchen: false, found: [] });
    const notice = screen.getByText(/couldn't spot a fridge, oven, microwave, sink or toaster/);
    expect(notice.closest('[role="status"]')).toBeTruthy();
    // One question: no "ready" line above it, no second invitation to mark below it; one primary action.
    expect(screen.queryByText('Your photo is ready. Continue when you are.')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Mark fronts and worktop' })).toBeNull();
    expect(primaryButtons()).toEqual(['Yes, mark its fronts and worktop']);
    // Not a refusal: Next is open too, and the other photo is one tap away.
    expect(screen.getByRole('button', { name: 'Next' }).getAttribute('aria-disabled')).toBe('false');
    const picker = screen.getByLabelText('Choose another file') as HTMLInputElement;
    let pickerOpened = 0;
    picker.addEventListener('click', () => pickerOpened++);
    fireEvent.click(screen.getByRole('button', { name: 'Choose another photo' }));
    expect(pickerOpened).toBe(1);

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await shown('Design Style');
  });

  it('"Yes" opens the marking, and a marked (or skipped) photo is asked no more', async () => {
    const app = await uploadWith({
      isSafe: true,
      imageId: IMAGE_ID,
      kitchenCheck: { looksLikeKitchen: false, found: [] },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Yes, mark its fronts and worktop' }));
    expect(app.actor.getSnapshot().hasTag('marking')).toBe(true);
    act(() => app.actor.send({ type: 'MARKING.SKIP' }));
    expect(app.context().photoMarking).toBe('skipped');
    expect(screen.queryByText(/couldn't spot a fridge/)).toBeNull();
    expect(await screen.findByText('Your photo is ready. Continue when you are.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next' }).className).toContain('button--primary');
  });

  it('says nothing more when a kitchen object was found, or when the server did not check', async () => {
    await uploadWith({
      isSafe: true,
      imageId: IMAGE_ID,
      kitchenCheck: { looksLikeKitchen: true, found: ['refrigerator'] },
    });
    expect(screen.queryByRole('button', { name: 'Yes, mark its fronts and worktop' })).toBeNull();
    cleanup();
    const app = await uploadWith({ isSafe: true, imageId: IMAGE_ID });
    expect(app.context().kitchenCheck).toBeNull();
    expect(screen.queryByRole('button', { name: 'Yes, mark its fronts and worktop' })).toBeNull();
  });

  it('forgets the check with the photo', async () => {
    const app = await uploadWith({
      isSafe: true,
      imageId: IMAGE_ID,
      kitchenCheck: { looksLikeKitchen: false, found: [] },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Remove photo' }));
    expect(app.context().kitchenCheck).toBeNull();
    expect(screen.queryByRole('button', { name: 'Yes, mark its fronts and worktop' })).toBeNull();
  });

  it('says what the check is', async () => {
    const app = renderApp({});
    app.navigate('create-kitchen/upload-image');
    await shown('Upload Your Kitchen Photo');
    expect(
      screen.getByText(/for unsuitable content, which we can't accept, and for signs of a kitchen/),
    ).toBeTruthy();
  });
});
