// The `session` region: the boot data's user id confirmed with the server for this browser, or access denied
// (spec §6), and the hourly purge of the moderation cache beside it (`moderationCacheJanitor`). Their actions and
// guards live here; the routes hear the denial (ACCESS_DENIED) and record its reason with `storeAccessDenial`.
import { assign, raise, stateIn } from 'xstate';
import { type AccessDenialReason, accessDenialOf } from './account';
import type { AuthorizeUserOutput } from './actors';
import { kitchenActions, kitchenGuards, partSetup } from './kitchen-setup';
import { purgeExpired } from './moderation-cache';

export const sessionActions = kitchenActions({
  storeAuthorization: assign((_, params: AuthorizeUserOutput) => ({
    remainingGenerations: params.remainingGenerations,
    imageRetentionDays: params.imageRetentionDays,
    sessionDays: params.sessionDays ?? null,
    isAccount: params.isAccount ?? false,
  })),
  denyAccess: raise({ type: 'ACCESS_DENIED' }),
  // The first reason given wins: the denial the session region records is not overwritten by its own raise.
  storeAccessDenial: assign(({ context }, params: { reason: AccessDenialReason | null | undefined }) => ({
    accessDenial: context.accessDenial ?? params.reason ?? 'mismatch',
  })),
  purgeExpiredVerdicts: assign(({ context }) => ({
    moderationCache: purgeExpired(context.moderationCache, Date.now()),
  })),
});

export const sessionGuards = kitchenGuards({
  hasNoUserId: ({ context }) => context.userId === null,
  isSessionDenied: stateIn('#kitchen.session.denied'),
});

const sessionSetup = partSetup({ actions: sessionActions, guards: sessionGuards });

export const sessionRegion = sessionSetup.createStateConfig({
  description: 'Confirms with the server that the user id of the boot data belongs to this browser.',
  initial: 'authorizing',
  states: {
    authorizing: {
      always: { guard: 'hasNoUserId', target: 'denied' },
      invoke: {
        id: 'authorizeUser',
        src: 'authorizeUser',
        input: ({ context }) => ({ userId: context.userId ?? 0 }),
        onDone: {
          target: 'authorized',
          actions: { type: 'storeAuthorization', params: ({ event }) => event.output },
        },
        onError: {
          target: 'denied',
          actions: {
            type: 'storeAccessDenial',
            params: ({ event }) => ({ reason: accessDenialOf(event.error) }),
          },
        },
      },
    },
    authorized: {},
    denied: { entry: 'denyAccess' },
  },
});

export const moderationCacheJanitor = sessionSetup.createStateConfig({
  description: 'Purges expired moderation verdicts every hour.',
  initial: 'waiting',
  states: {
    waiting: {
      after: {
        moderationPurgeInterval: { target: 'waiting', reenter: true, actions: 'purgeExpiredVerdicts' },
      },
    },
  },
});
