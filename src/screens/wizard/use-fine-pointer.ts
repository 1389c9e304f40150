// Whether the visitor points with a mouse or trackpad (drag and drop, no camera at hand) rather than a finger
// (a phone's camera first): the photo step's words and buttons fit the device (issue 25). Follows changes, as
// when a tablet gets a keyboard and trackpad.
import { useSyncExternalStore } from 'react';

const FINE_POINTER = '(hover: hover) and (pointer: fine)';

const query = () => (typeof window.matchMedia === 'function' ? window.matchMedia(FINE_POINTER) : null);

const subscribe = (onChange: () => void) => {
  const list = query();
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
};

/** False where the browser cannot say: a phone's words are the safer guess. */
export const useFinePointer = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => query()?.matches ?? false,
    () => false,
  );
