// What a visitor sees when a passkey sign-in fails (issue 34): one plain sentence in the page's danger notice under
// the header, never the server's schema message, the header's controls unchanged, and the notice left behind on
// the page it failed on. The ceremony is the app's own (src/api/accounts.ts) over a fake API client; the browser's
// passkey prompt is mocked, as jsdom has none.
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountPaths } from '../../contract/accounts';
import { signInWithPasskey } from '../../src/actors/account-actors';
import { PASSKEY_NOT_USABLE } from '../../src/api/accounts';
import type { ApiClient } from '../../src/api/client';
import { ApiHttpError } from '../../src/api/request-errors';
import { ACCOUNT_BUTTONS } from '../../src/components/account-buttons';
import { renderApp, shown } from './harness';

vi.mock('@simplewebauthn/browser', () => ({
  startAuthentication: async () => ({ id: 'a', rawId: 'a', type: 'public-key', response: {} }),
}));

afterEach(cleanup);

const SCHEMA_MESSAGE = 'credential.response.signature: Too big: expected string to have <=1024 characters';

/** A server that offers sign-in options and then refuses the answer with `refusal`. */
function refusingApi(refusal: ApiHttpError): ApiClient {
  return {
    baseUrl: '',
    request: async (path) => {
      if (path === accountPaths.signInOptions) return { challenge: 'c', rpId: 'localhost' };
      throw refusal;
    },
    requestRaw: async () => {
      throw new Error('not used');
    },
    onSessionEnded: () => () => {},
  };
}

/** The notice's sentence, without its dismiss button's ×. */
const wordsOf = (notice: HTMLElement) => notice.querySelector('p')?.textContent;

async function failedSignIn(refusal: ApiHttpError) {
  const api = refusingApi(refusal);
  const app = renderApp({
    signInWithPasskey: (signal) => signInWithPasskey(api)({ input: undefined, signal }),
  });
  await shown('See Your Kitchen Reimagined');
  const header = screen.getByRole('banner');
  fireEvent.click(within(header).getByRole('button', { name: ACCOUNT_BUTTONS.signIn }));
  const notice = await screen.findByRole('alert');
  return { app, header, notice };
}

describe('a failed passkey sign-in', () => {
  it('shows one plain sentence in the page’s notice under the header, not the server’s schema message', async () => {
    const { header, notice } = await failedSignIn(new ApiHttpError(400, SCHEMA_MESSAGE, 'INVALID_INPUT'));
    expect(wordsOf(notice)).toBe(PASSKEY_NOT_USABLE);
    expect(document.body.textContent).not.toContain('Too big');
    // The notice is the page's own (.notice--danger) and sits outside the header, which keeps only its buttons.
    expect(notice.classList).toContain('notice--danger');
    expect(header.contains(notice)).toBe(false);
    expect(within(header).queryByRole('alert')).toBeNull();
    expect(within(header).getByRole('button', { name: ACCOUNT_BUTTONS.save })).toBeTruthy();
  });

  it('keeps the words the server wrote for the visitor', async () => {
    const unknown = 'This passkey belongs to no account here.';
    const { notice } = await failedSignIn(new ApiHttpError(403, unknown, 'PASSKEY_UNKNOWN'));
    expect(wordsOf(notice)).toBe(unknown);
  });

  it('is dismissed by its × and is not carried to the next page', async () => {
    const first = await failedSignIn(new ApiHttpError(500, 'Something went wrong', undefined));
    fireEvent.click(within(first.notice).getByRole('button', { name: ACCOUNT_BUTTONS.dismiss }));
    expect(screen.queryByRole('alert')).toBeNull();
    cleanup();

    const { app } = await failedSignIn(new ApiHttpError(400, SCHEMA_MESSAGE, 'INVALID_INPUT'));
    app.navigate('privacy');
    await shown('Privacy and Your Data');
    expect(screen.queryByRole('alert')).toBeNull();
    // The header still offers to try again.
    expect(
      within(screen.getByRole('banner')).getByRole('button', { name: ACCOUNT_BUTTONS.signIn }),
    ).toBeTruthy();
    app.navigate('home');
    await shown('See Your Kitchen Reimagined');
    await act(async () => {});
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
