// Scroll restored per history entry (spec §2): the browser's own restoration fires before the new screen is
// drawn, so it is switched off and done here. Each entry carries a key in `history.state`; the scroll offset
// of each key is remembered as the user scrolls, and a new entry starts at the top.

const STATE_KEY = 'kitchenEntry';

export interface ScrollMemory {
  /** The state object for a new entry (push) or a replaced one. */
  newEntryState(): Record<string, unknown>;
  /** After moving to a new or replaced entry: start at the top. */
  startAtTop(): void;
  /** After a history move (popstate): go back to where this entry was left. */
  restore(): void;
  stop(): void;
}

/** Runs after the next frame, when the new screen has been committed. */
export const afterRender = (win: Window, callback: () => void) => {
  if (typeof win.requestAnimationFrame === 'function') win.requestAnimationFrame(() => callback());
  else win.setTimeout(callback, 0);
};

export function createScrollMemory(win: Window): ScrollMemory {
  const offsets = new Map<string, number>();
  let counter = 0;
  const newKey = () => `${Date.now().toString(36)}-${(counter++).toString(36)}`;
  const entryKey = (): string | undefined => {
    const key = (win.history.state as Record<string, unknown> | null)?.[STATE_KEY];
    return typeof key === 'string' ? key : undefined;
  };

  if ('scrollRestoration' in win.history) win.history.scrollRestoration = 'manual';
  // The entry the app was opened on gets a key too, so coming back to it restores its scroll.
  if (entryKey() === undefined) {
    win.history.replaceState({ ...(win.history.state ?? {}), [STATE_KEY]: newKey() }, '');
  }

  let pending = false;
  const remember = () => {
    if (pending) return;
    pending = true;
    afterRender(win, () => {
      pending = false;
      const key = entryKey();
      if (key !== undefined) offsets.set(key, win.scrollY);
    });
  };
  win.addEventListener('scroll', remember, { passive: true });

  const scrollTo = (top: number) => win.scrollTo({ top, left: 0, behavior: 'instant' });

  return {
    newEntryState: () => ({ [STATE_KEY]: newKey() }),
    startAtTop: () => afterRender(win, () => scrollTo(0)),
    restore: () => {
      const key = entryKey();
      const top = key === undefined ? 0 : (offsets.get(key) ?? 0);
      afterRender(win, () => scrollTo(top));
    },
    stop: () => win.removeEventListener('scroll', remember),
  };
}
