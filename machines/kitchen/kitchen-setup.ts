// The chart's setup: its types, the server calls it invokes and its delays, in one place. Each part of the chart
// (a step kind, a region) writes its own actions and guards beside its states with `kitchenActions` and
// `kitchenGuards`, and types its states with `partSetup(...)`; `machine.ts` hands every part's actions and
// guards to this setup and composes the states.
import { type ActionFunction, type GuardPredicate, type ParameterizedObject, setup } from 'xstate';
import { declaredActors } from './actors';
import type { KitchenContext, KitchenInput } from './context';
import type { KitchenEvent } from './events';
import { MODERATION_PURGE_INTERVAL_MS } from './moderation-cache';

/** Tags mark what a screen shows while a state is active: a spinner, the error screen, a busy photo. */
export type KitchenTag =
  | 'loading'
  | 'error'
  | 'retrying'
  | 'processingImage'
  | 'moderating'
  | 'generating'
  | 'marking'
  | 'savingMarking';

/** The error screen's "Try again" clears the error after this long (spec §9). */
export const RETRY_DELAY_MS = 1000;
/** How long Generate waits after a refusal that named no Retry-After (a running job, the storage cap). */
export const DEFAULT_REFUSAL_WAIT_MS = 60_000;
/** The longest wait a refusal can ask for; past it Generate is offered again (and refused again if need be). */
export const LONGEST_REFUSAL_WAIT_MS = 24 * 60 * 60_000;

export const kitchenSetup = setup({
  types: {
    context: {} as KitchenContext,
    events: {} as KitchenEvent,
    input: {} as KitchenInput,
    tags: {} as KitchenTag,
  },
  actors: declaredActors,
  delays: {
    retryDelay: RETRY_DELAY_MS,
    moderationPurgeInterval: MODERATION_PURGE_INTERVAL_MS,
    refusalWait: ({ context }) =>
      Math.min(context.generationRefusal?.retryAfterMs ?? DEFAULT_REFUSAL_WAIT_MS, LONGEST_REFUSAL_WAIT_MS),
  },
});

type ParamsOf = Record<string, ParameterizedObject['params'] | undefined>;

/** What a part hands the setup: its named actions and guards, by name, with their parameters. */
export type KitchenActions<T extends ParamsOf> = {
  [K in keyof T]: ActionFunction<
    KitchenContext,
    KitchenEvent,
    KitchenEvent,
    T[K],
    never,
    never,
    never,
    never,
    never
  >;
};
export type KitchenGuards<T extends ParamsOf> = {
  // biome-ignore lint/suspicious/noExplicitAny: xstate types its own guards (stateIn) as naming `any` guard.
  [K in keyof T]: GuardPredicate<KitchenContext, KitchenEvent, T[K], any>;
};

/**
 * A part's named actions, typed as the setup types its own (the context, the events, each action's parameters
 * inferred from its implementation), so `machine.ts` can hand them all to `kitchenSetup.extend`.
 */
export const kitchenActions = <T extends ParamsOf>(actions: KitchenActions<T>) => actions;

/** A part's named guards, typed as `kitchenActions` types actions. */
export const kitchenGuards = <T extends ParamsOf>(guards: KitchenGuards<T>) => guards;

/**
 * The setup a part's states are typed by: the chart's, with the actions and guards they name (the part's own
 * and those of the parts it builds on). The chart itself is made from the setup with every part's (machine.ts).
 */
export const partSetup = <A extends ParamsOf, G extends ParamsOf>(parts: {
  actions: KitchenActions<A>;
  guards: KitchenGuards<G>;
}) => kitchenSetup.extend<A, G>(parts);
