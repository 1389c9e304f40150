// The `account` region: passkey accounts (issue 24). A guest saves their kitchens (registers a passkey) or signs
// in with one made elsewhere; an account signs out. The ceremonies are invoked actors the app provides; what they
// answer and why access may be denied is account.ts.
import { assign, not, raise } from 'xstate';
import { type AccountOutput, accessDenialOf, accountErrorOf } from './account';
import { kitchenActions, kitchenGuards, partSetup } from './kitchen-setup';

export const accountActions = kitchenActions({
  storeAccount: assign((_, params: AccountOutput) => ({
    userId: params.userId,
    remainingGenerations: params.remainingGenerations,
    isAccount: true,
    accountError: null,
  })),
  storeAccountError: assign((_, params: { error: unknown }) => ({
    accountError: accountErrorOf(params.error),
  })),
  clearAccountError: assign({ accountError: null }),
  showAccountKitchens: raise({ type: 'NAVIGATE', route: 'your-kitchen' }),
  raiseAccessDenial: raise((_, params: { error: unknown }) => ({
    type: 'ACCESS_DENIED',
    reason: accessDenialOf(params.error) ?? undefined,
  })),
});

export const accountGuards = kitchenGuards({
  isAccount: ({ context }) => context.isAccount,
  isAccessDenial: (_, params: { error: unknown }) => accessDenialOf(params.error) !== null,
});

const accountSetup = partSetup({ actions: accountActions, guards: accountGuards });

/** A passkey ceremony's end: the session being over is access denied; anything else is said and may be retried. */
const ceremonyFailed = (target: 'failed' | 'member') =>
  accountSetup.createStateConfig({
    // Typed on one ceremony's invoke: every ceremony's error event is alike.
    invoke: {
      src: 'signOut',
      onError: [
        {
          guard: { type: 'isAccessDenial', params: ({ event }) => event },
          target: 'guest',
          actions: { type: 'raiseAccessDenial', params: ({ event }) => ({ error: event.error }) },
        },
        { target, actions: { type: 'storeAccountError', params: ({ event }) => ({ error: event.error }) } },
      ],
    },
  }).invoke.onError;

export const accountRegion = accountSetup.createStateConfig({
  description:
    'Passkey accounts: a guest saves their kitchens (registers a passkey) or signs in with one made elsewhere; an account signs out.',
  initial: 'guest',
  states: {
    guest: {
      always: { guard: 'isAccount', target: 'member' },
      on: { 'ACCOUNT.SAVE': 'registering', 'ACCOUNT.SIGN_IN': 'signingIn' },
    },
    registering: {
      entry: 'clearAccountError',
      invoke: {
        id: 'registerPasskey',
        src: 'registerPasskey',
        onDone: { target: 'member', actions: { type: 'storeAccount', params: ({ event }) => event.output } },
        onError: ceremonyFailed('failed'),
      },
    },
    signingIn: {
      entry: 'clearAccountError',
      invoke: {
        id: 'signInWithPasskey',
        src: 'signInWithPasskey',
        // The account's kitchens are the reason to sign in: show them.
        onDone: {
          target: 'member',
          actions: [{ type: 'storeAccount', params: ({ event }) => event.output }, 'showAccountKitchens'],
        },
        onError: ceremonyFailed('failed'),
      },
    },
    member: {
      // Its data deleted (myData), the account is gone and this browser a new visitor.
      always: { guard: not('isAccount'), target: 'guest' },
      on: { 'ACCOUNT.SIGN_OUT': 'signingOut' },
    },
    signingOut: {
      entry: 'clearAccountError',
      invoke: { id: 'signOut', src: 'signOut', onDone: 'signedOut', onError: ceremonyFailed('member') },
    },
    signedOut: {
      description:
        'The app forgets what this browser kept and starts again at home as a new guest (a page load).',
      type: 'final',
    },
    failed: {
      on: {
        'ACCOUNT.SAVE': 'registering',
        'ACCOUNT.SIGN_IN': 'signingIn',
        'ACCOUNT.DISMISS': { target: 'guest', actions: 'clearAccountError' },
      },
    },
  },
});
