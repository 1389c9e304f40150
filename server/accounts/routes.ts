// Passkey accounts over HTTP (docs/api.md "Accounts"): save my kitchens (register), sign in, sign out. They sit
// inside the session scope, so `request.userId` is the browser's user (a guest made on its first POST).
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  type AccountAnswer,
  accountPaths,
  MAX_PASSKEYS_PER_ACCOUNT,
  PASSKEY_ERROR_CODES,
  passkeyCeremonySchema,
} from '../../contract/accounts';
import { SESSION_ENDED_CODES } from '../../contract/session-end';
import { HttpError } from '../http/errors';
import { parseInput } from '../http/parse';
import '../http/user-request';
import { MAX_UNFINISHED_JOBS_PER_USER } from '../jobs/admission';
import type { JobStore } from '../jobs/job-store';
import { SERVICE_KEY_HEADER } from '../users/service-key';
import { clearSessionCookie, readSessionCookie, setSessionCookie } from '../users/session-cookie';
import type { SessionStore } from '../users/session-store';
import type { UserStore } from '../users/user-store';
import type { AccountStore, AdoptResult } from './account-store';
import type { Ceremonies } from './ceremony';
import { relyingPartyFor } from './relying-party';

export interface AccountRoutesOptions {
  accounts: AccountStore;
  ceremonies: Ceremonies;
  sessions: SessionStore;
  users: UserStore;
  jobs: Pick<JobStore, 'countUnfinished'>;
  publicBaseUrl: string;
}

/** Why a sign-in waits instead of moving this browser's kitchens into the account. */
const ADOPTION_WAITS: Record<Exclude<AdoptResult, 'adopted'>, string> = {
  busy: 'A kitchen is being generated here and in your account. Sign in once one has finished.',
  'too-many-jobs': `Together, this browser and your account have more than ${MAX_UNFINISHED_JOBS_PER_USER} kitchens being generated. Sign in once some have finished.`,
};

const passkeysFull = () =>
  new HttpError(
    409,
    PASSKEY_ERROR_CODES.limitReached,
    `This account already has ${MAX_PASSKEYS_PER_ACCOUNT} passkeys, the most it may have. Sign in with one of them instead.`,
  );

/** Passkeys belong to people in browsers: a service caller acting for a user may not make or use them. */
function browserOnly(request: FastifyRequest): void {
  if (request.headers[SERVICE_KEY_HEADER] !== undefined) {
    throw new HttpError(403, 'BROWSER_ONLY', 'Passkeys are made and used in a browser, with its session.');
  }
}

export const accountRoutes: FastifyPluginAsync<AccountRoutesOptions> = async (
  app,
  { accounts, ceremonies, sessions, users, jobs, publicBaseUrl },
) => {
  const unfinishedLimit = { max: MAX_UNFINISHED_JOBS_PER_USER, count: jobs.countUnfinished };
  const answerFor = async (userId: number): Promise<AccountAnswer> => ({
    userId,
    generationsRemaining: (await users.find(userId))?.generationsRemaining ?? 0,
  });
  const credentialOf = (request: FastifyRequest) =>
    parseInput(passkeyCeremonySchema, request.body ?? {}).credential;

  /** Ends this browser's current session (if any) and starts one for `userId`. */
  async function switchSession(request: FastifyRequest, reply: FastifyReply, userId: number) {
    const cookie = readSessionCookie(request);
    if (cookie) await sessions.revoke(cookie.token);
    const session = await sessions.begin(userId);
    setSessionCookie(request, reply, { kind: 'session', token: session.token }, session.secondsLeft);
  }

  app.addHook('onRequest', async (request) => browserOnly(request));

  app.post(accountPaths.registrationOptions, async (request) => {
    const rp = relyingPartyFor(request, publicBaseUrl);
    const existing = await accounts.passkeysOf(request.userId);
    if (existing.length >= MAX_PASSKEYS_PER_ACCOUNT) throw passkeysFull();
    return ceremonies.registrationOptions(request.userId, rp, existing);
  });

  app.post(accountPaths.register, async (request, reply): Promise<AccountAnswer> => {
    const rp = relyingPartyFor(request, publicBaseUrl);
    const passkey = await ceremonies.verifyRegistration(request.userId, rp, credentialOf(request));
    const added = await accounts.addPasskey(request.userId, passkey, MAX_PASSKEYS_PER_ACCOUNT);
    if (added === 'exists') {
      throw new HttpError(409, PASSKEY_ERROR_CODES.alreadyRegistered, 'This passkey is already saved.');
    }
    if (added === 'full') throw passkeysFull();
    // A guest session becomes an account's, as at sign-in: a new token, so one planted before is worth nothing.
    await switchSession(request, reply, request.userId);
    return answerFor(request.userId);
  });

  app.post(accountPaths.signInOptions, async (request) =>
    ceremonies.signInOptions(request.userId, relyingPartyFor(request, publicBaseUrl)),
  );

  app.post(accountPaths.signIn, async (request, reply): Promise<AccountAnswer> => {
    const rp = relyingPartyFor(request, publicBaseUrl);
    const credential = credentialOf(request);
    const passkey = await accounts.findPasskey(credential.id);
    if (!passkey) {
      throw new HttpError(
        403,
        PASSKEY_ERROR_CODES.unknownCredential,
        'This passkey belongs to no account here.',
      );
    }
    const counter = await ceremonies.verifySignIn(request.userId, rp, credential, passkey);
    if (await accounts.isDisabled(passkey.userId)) {
      throw new HttpError(403, SESSION_ENDED_CODES.disabled, 'This account has been disabled.');
    }
    await accounts.markUsed(passkey.credentialId, counter);
    const adopted = await accounts.adoptGuest(request.userId, passkey.userId, unfinishedLimit);
    if (adopted !== 'adopted') throw new HttpError(409, PASSKEY_ERROR_CODES.busy, ADOPTION_WAITS[adopted]);
    await switchSession(request, reply, passkey.userId);
    return answerFor(passkey.userId);
  });

  // Ends this browser's session only: the account's other browsers stay signed in.
  app.post(accountPaths.signOut, async (request, reply) => {
    const cookie = readSessionCookie(request);
    if (cookie) await sessions.revoke(cookie.token);
    clearSessionCookie(request, reply);
    return reply.code(204).send();
  });
};
