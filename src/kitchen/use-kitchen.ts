// The screens' only window on the kitchen actor: the view projection, a slice of context, and `send`.
import type { KitchenContext } from '../../machines/kitchen/context';
import type { KitchenEvent } from '../../machines/kitchen/events';
import { type KitchenView, viewOf } from '../../machines/kitchen/view';
import { KitchenActor } from './kitchen-actor';

/** Equal when every own property is identical: the view and context slices are flat records. */
export const shallowEqual = <T>(a: T, b: T): boolean => {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const keysA = Object.keys(a);
  if (keysA.length !== Object.keys(b).length) return false;
  return keysA.every((key) => Object.is(a[key as keyof T], b[key as keyof T]));
};

export const useKitchenView = (): KitchenView => KitchenActor.useSelector(viewOf, shallowEqual);

/** One value (or flat record) read from the context; re-renders only when it changes. */
export const useKitchenContext = <T>(select: (context: KitchenContext) => T): T =>
  KitchenActor.useSelector((snapshot) => select(snapshot.context), shallowEqual);

export const useSend = (): ((event: KitchenEvent) => void) => KitchenActor.useActorRef().send;
