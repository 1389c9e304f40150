// What a user reads when a job fails. A kitchen failure always says the unit came back, because it did.
import type { JobKind } from '../../contract/generation';

export function notChargedMessage(kind: JobKind, reason: string): string {
  return kind === 'kitchen'
    ? `${reason} Your generation was not charged; please try again.`
    : `${reason} Please try again.`;
}

/** A job whose runners kept dying (or losing their lease) until its attempts ran out. */
export const EXHAUSTED_MESSAGES: Record<JobKind, string> = {
  kitchen: notChargedMessage('kitchen', 'We could not finish your kitchen after several tries.'),
  empty_room: notChargedMessage('empty_room', 'We could not finish your empty room after several tries.'),
};

/** A stored kitchen whose choices the catalogue no longer has (changed by a deploy since it was asked for). */
export const NO_LONGER_IN_CATALOGUE =
  'Some of your choices are no longer in the catalogue. Please choose again.';

/** A kitchen whose photo was marked again between the request and its run: it would not be what was asked for. */
export const MARKING_CHANGED = 'Your marking changed while this kitchen waited its turn, so it was not made.';
