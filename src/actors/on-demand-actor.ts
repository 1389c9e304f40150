// A server call whose code (and the contract's schemas behind it) is loaded the first time the machine invokes
// it: the upload check and the generations are never needed by the first screen.
import { fromPromise } from 'xstate';
import { loadOnDemand } from '../api/load-on-demand';

export interface PromiseRunArgs<TInput> {
  input: TInput;
  signal: AbortSignal;
}

/** What a promise actor runs: the same function serves the actor itself and its on-demand stand-in. */
export type PromiseRun<TOutput, TInput> = (args: PromiseRunArgs<TInput>) => Promise<TOutput>;

export const onDemandActor = <TOutput, TInput>(load: () => Promise<PromiseRun<TOutput, TInput>>) =>
  fromPromise<TOutput, TInput>(async ({ input, signal }) => (await loadOnDemand(load))({ input, signal }));
