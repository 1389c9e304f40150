// A provider the tests steer, registered through the same registry as the real ones (GENERATION_PROVIDER
// picks it). It stands in for a remote AI service, which the product reaches over a network these tests do not
// have: it can hold a job at a stage until the test lets it go, throw, or answer garbage. When it does draw,
// it draws with the real `local` provider.

import {
  GenerationFailure,
  type GenerationProvider,
  type ProviderContext,
} from '../../../server/generation/provider';
import { registerGenerationProvider } from '../../../server/generation/provider-registry';
import { createLocalProvider } from '../../../server/generation/providers/local-provider';

export const SCRIPTED_PROVIDER = 'scripted';

export type Behaviour = 'gated' | 'throws' | 'garbage' | 'refuses' | 'hangs';

/** A gate a job waits at until the test opens it; each opening lets one waiter through. */
class Gate {
  private waiters: (() => void)[] = [];
  private opened = 0;

  wait(signal: AbortSignal): Promise<void> {
    if (this.opened > 0) {
      this.opened -= 1;
      return Promise.resolve();
    }
    if (signal.aborted) return Promise.reject(signal.reason);
    return new Promise((resolve, reject) => {
      const waiter = () => {
        signal.removeEventListener('abort', abort);
        resolve();
      };
      // An aborted job leaves the queue, so the next opening is for a job still waiting.
      const abort = () => {
        this.waiters = this.waiters.filter((other) => other !== waiter);
        reject(signal.reason);
      };
      signal.addEventListener('abort', abort, { once: true });
      this.waiters.push(waiter);
    });
  }

  get waiting(): number {
    return this.waiters.length;
  }

  open(): void {
    const waiter = this.waiters.shift();
    if (waiter) waiter();
    else this.opened += 1;
  }
}

export interface ScriptedProvider {
  behaviour: Behaviour;
  /** Lets the job held at this stage go on. */
  open(stage: 'preparing' | 'rendering' | 'finishing'): void;
  /** How many jobs are held at this stage's gate right now. */
  waiting(stage: 'preparing' | 'rendering' | 'finishing'): number;
  /** Jobs whose signal fired while the provider held them. */
  aborted: number;
  /** Jobs the provider was called for. */
  started: number;
}

export function registerScriptedProvider(): ScriptedProvider {
  const gates = { preparing: new Gate(), rendering: new Gate(), finishing: new Gate() };
  const local = createLocalProvider();
  const control: ScriptedProvider = {
    behaviour: 'gated',
    open: (stage) => gates[stage].open(),
    waiting: (stage) => gates[stage].waiting,
    aborted: 0,
    started: 0,
  };

  async function held<T>(context: ProviderContext, draw: () => Promise<T>): Promise<T> {
    const { signal, reportStage } = context;
    control.started += 1;
    if (signal.aborted) control.aborted += 1;
    else signal.addEventListener('abort', () => (control.aborted += 1), { once: true });
    switch (control.behaviour) {
      case 'throws':
        throw new Error('upstream 500 at /srv/internal/provider.js:42');
      case 'refuses':
        throw new GenerationFailure('The image service refused this photo.');
      case 'hangs':
        return new Promise<T>(() => {});
      case 'garbage':
        return {
          bytes: Buffer.from('<html>busy</html>'),
          contentType: 'image/png',
          width: 1,
          height: 1,
        } as T;
      case 'gated':
        await gates.preparing.wait(signal);
        await reportStage('rendering');
        await gates.rendering.wait(signal);
        await reportStage('finishing');
        await gates.finishing.wait(signal);
        return draw();
    }
  }

  const provider: GenerationProvider = {
    name: SCRIPTED_PROVIDER,
    emptyRoom: (request, context) => held(context, () => local.emptyRoom(request, context)),
    kitchen: (request, context) => held(context, () => local.kitchen(request, context)),
  };
  registerGenerationProvider(SCRIPTED_PROVIDER, () => provider);
  return control;
}
