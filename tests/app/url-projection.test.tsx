// The address bar as a projection of the real kitchen machine, in a DOM: the URL read at start, user moves
// pushed, redirects replaced, back/forward turned into NAVIGATE, scroll and focus per screen.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Actor, createActor, fromPromise } from 'xstate';
import type { AuthorizeUserInput, AuthorizeUserOutput } from '../../machines/kitchen/actors';
import type { KitchenInput } from '../../machines/kitchen/context';
import { type KitchenMachine, kitchenMachine } from '../../machines/kitchen/machine';
import { viewOf } from '../../machines/kitchen/view';
import type { KitchenActorImplementations } from '../../src/app/App';
import { projectUrl } from '../../src/routing/url-projection';
import { defaultActors } from '../machines/support/kitchen-harness';

let actor: Actor<KitchenMachine> | undefined;
let stop: (() => void) | undefined;
const scrolledTo: number[] = [];

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

/** The server refusing the session's user id, as /users/authorize does for a stranger's id. */
const refusingActors: KitchenActorImplementations = {
  ...defaultActors,
  authorizeUser: fromPromise<AuthorizeUserOutput, AuthorizeUserInput>(async () => {
    throw new Error('This user id does not belong to this session.');
  }),
};

function open(path: string, input: KitchenInput = { userId: 1 }, actors = defaultActors) {
  window.history.replaceState(null, '', path);
  actor = createActor(kitchenMachine.provide({ actors }), { input });
  stop = projectUrl(actor, window, {
    onScreenChange: () => document.querySelector<HTMLElement>('h1')?.focus(),
  });
  return actor;
}

const route = () => (actor ? viewOf(actor.getSnapshot()).route : undefined);
/** popstate fires asynchronously after history.back() in the DOM. */
const back = async () => {
  const popped = new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
  window.history.back();
  await popped;
};

beforeEach(() => {
  scrolledTo.length = 0;
  // jsdom has no layout, so no scrolling: record where the app asks to scroll instead.
  vi.spyOn(window, 'scrollTo').mockImplementation(((options: ScrollToOptions) => {
    scrolledTo.push(options.top ?? 0);
  }) as typeof window.scrollTo);
});
afterEach(() => {
  stop?.();
  actor?.stop();
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

describe('the URL projection', () => {
  it('opens the screen the address names', () => {
    open('/onboarding/personalization');
    expect(route()).toBe('onboarding/personalization');
    expect(window.location.pathname).toBe('/onboarding/personalization');
    expect(document.title).toContain('Make It Yours');
  });

  it('replaces a redirected address with the route it leads to, without a new history entry', () => {
    const before = window.history.length;
    open('/create-kitchen');
    expect(window.location.pathname).toBe('/create-kitchen/upload-image');
    expect(route()).toBe('create-kitchen/upload-image');
    open('/onboarding/no-such-step');
    expect(window.location.pathname).toBe('/onboarding/how-it-works');
    expect(window.history.length).toBe(before);
  });

  it('replaces a deep link to a step whose earlier choices are missing with that earlier step', () => {
    const before = window.history.length;
    open('/create-kitchen/material-preview');
    expect(route()).toBe('create-kitchen/upload-image');
    expect(window.location.pathname).toBe('/create-kitchen/upload-image');
    expect(window.history.length).toBe(before);
  });

  it('keeps an unknown address as it is and shows Not Found', () => {
    open('/no/such/page');
    expect(route()).toBe('not-found');
    expect(window.location.pathname).toBe('/no/such/page');
    expect(document.title).toContain('Not Found');
  });

  it('pushes an entry for each move of the user, and follows back and forward', async () => {
    const kitchen = open('/');
    const before = window.history.length;
    kitchen.send({ type: 'NAVIGATE', route: 'onboarding/how-it-works' });
    kitchen.send({ type: 'NEXT' });
    expect(window.location.pathname).toBe('/onboarding/personalization');
    expect(window.history.length).toBe(before + 2);

    await back();
    expect(route()).toBe('onboarding/how-it-works');
    expect(window.location.pathname).toBe('/onboarding/how-it-works');
    const forward = new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
    window.history.forward();
    await forward;
    expect(route()).toBe('onboarding/personalization');
    expect(window.history.length).toBe(before + 2);
  });

  it('replaces the entry when the session turns out to be denied', async () => {
    const before = window.history.length;
    open('/onboarding/showcase', { userId: 3 }, refusingActors);
    await vi.waitFor(() => expect(route()).toBe('access-denied'));
    expect(window.location.pathname).toBe('/access-denied');
    expect(window.history.length).toBe(before);
  });

  it('starts a new screen at the top and gives back the scroll position of a screen returned to', async () => {
    const kitchen = open('/');
    kitchen.send({ type: 'NAVIGATE', route: 'onboarding/how-it-works' });
    Object.defineProperty(window, 'scrollY', { value: 420, configurable: true });
    window.dispatchEvent(new Event('scroll'));
    await nextFrame();
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });

    kitchen.send({ type: 'NEXT' });
    await nextFrame();
    expect(scrolledTo.at(-1)).toBe(0);
    await back();
    await nextFrame();
    expect(scrolledTo.at(-1)).toBe(420);
  });

  it("moves focus to the new screen's heading after a move, not on the first screen", async () => {
    document.body.innerHTML = '<h1 tabindex="-1" data-route-heading>Screen</h1>';
    const kitchen = open('/');
    await nextFrame();
    expect(document.activeElement).toBe(document.body);
    kitchen.send({ type: 'NAVIGATE', route: 'onboarding/how-it-works' });
    await nextFrame();
    expect(document.activeElement).toBe(document.querySelector('h1'));
  });
});
