// The Stately inspector for the product owner (DESIGN "The statechart"): in development only, `?inspect` in
// the address opens the live chart. `import.meta.env.DEV` is false in a production build, so the bundler
// drops this branch and the inspector never ships.
import type { ActorOptions, AnyActorLogic } from 'xstate';

/** What an actor's `inspect` option takes. */
export type Inspect = NonNullable<ActorOptions<AnyActorLogic>['inspect']>;

export async function devInspector(search: string = window.location.search): Promise<Inspect | undefined> {
  if (!import.meta.env.DEV || !new URLSearchParams(search).has('inspect')) return undefined;
  const { createBrowserInspector } = await import('@statelyai/inspect');
  return createBrowserInspector().inspect;
}
