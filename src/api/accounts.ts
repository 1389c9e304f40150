// The passkey ceremonies from the browser: ask the server for options, let the browser's authenticator answer
// (@simplewebauthn/browser, loaded on first use: it is not part of the first screen's budget), send the answer.
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { type AccountAnswer, accountPaths, PASSKEY_ERROR_CODES } from '../../contract/accounts';
import { SESSION_ENDED_CODES } from '../../contract/session-end';
import type { ApiClient } from './client';
import { ApiHttpError, RequestFailedError, UnexpectedResponseError } from './request-errors';

/** The one sentence shown when the browser's passkey prompt is closed, refused or unavailable. */
export const PASSKEY_PROMPT_FAILED =
  'No passkey was used. You can try again, or use another device that has your passkey.';

/**
 * The one sentence shown when the server could not use the passkey's answer for a reason not written for the
 * visitor (issue 34: a malformed answer's 400 names a schema field; a 500; an answer of the wrong shape).
 */
export const PASSKEY_NOT_USABLE = 'Your passkey could not be used. Please try again.';

const WORDED_FOR_VISITORS: ReadonlySet<string> = new Set([
  ...Object.values(PASSKEY_ERROR_CODES),
  ...Object.values(SESSION_ENDED_CODES),
]);

/**
 * The server's refusals keep their own words where they are written for the visitor (an expired prompt, an
 * unknown passkey, a limit) or lead somewhere (a session's end goes to /access-denied); no answer at all keeps
 * its connection sentence. Anything else reads as one plain sentence.
 */
function inPlainWords(error: unknown): never {
  if (error instanceof RequestFailedError) throw error;
  if (
    error instanceof ApiHttpError &&
    ((error.code !== undefined && WORDED_FOR_VISITORS.has(error.code)) ||
      error.accessDenial !== null ||
      error.isLimitRefusal)
  ) {
    throw error;
  }
  throw new Error(PASSKEY_NOT_USABLE);
}

function readAccountAnswer(answer: unknown): AccountAnswer {
  const { userId, generationsRemaining } = (answer ?? {}) as Record<string, unknown>;
  if (typeof userId !== 'number' || typeof generationsRemaining !== 'number') {
    throw new UnexpectedResponseError('your account', 'the answer is not a user with a generation count');
  }
  return { userId, generationsRemaining };
}

/** The browser's side of a ceremony; its own failures (cancelled, no authenticator) read as one sentence. */
async function withAuthenticator<T>(ceremony: () => Promise<T>): Promise<T> {
  try {
    return await ceremony();
  } catch {
    throw new Error(PASSKEY_PROMPT_FAILED);
  }
}

const post = (api: ApiClient, path: string, signal: AbortSignal, body: object = {}) =>
  api.request(path, { method: 'POST', body, signal });

/**
 * One ceremony: the server's options, the browser's authenticator answering them, the answer verified. The
 * server's refusals are worded by `inPlainWords`.
 */
async function ceremony<Options>(
  api: ApiClient,
  signal: AbortSignal,
  paths: { options: string; answer: string },
  answer: (library: typeof import('@simplewebauthn/browser'), options: Options) => Promise<object>,
): Promise<AccountAnswer> {
  const options = (await post(api, paths.options, signal).catch(inPlainWords)) as Options;
  const library = await import('@simplewebauthn/browser');
  const credential = await withAuthenticator(() => answer(library, options));
  return post(api, paths.answer, signal, { credential }).then(readAccountAnswer).catch(inPlainWords);
}

/** "Save my kitchens": a new passkey on this device for the current user, who becomes an account. */
export const registerPasskey = (api: ApiClient, signal: AbortSignal) =>
  ceremony<PublicKeyCredentialCreationOptionsJSON>(
    api,
    signal,
    { options: accountPaths.registrationOptions, answer: accountPaths.register },
    (library, optionsJSON) => library.startRegistration({ optionsJSON }),
  );

/** Signs this browser in to the account of whichever passkey the user picks; this browser's guest joins it. */
export const signInWithPasskey = (api: ApiClient, signal: AbortSignal) =>
  ceremony<PublicKeyCredentialRequestOptionsJSON>(
    api,
    signal,
    { options: accountPaths.signInOptions, answer: accountPaths.signIn },
    (library, optionsJSON) => library.startAuthentication({ optionsJSON }),
  );

/** Ends this browser's session (others stay signed in). */
export async function signOut(api: ApiClient, signal: AbortSignal): Promise<void> {
  await post(api, accountPaths.signOut, signal);
}
