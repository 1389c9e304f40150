// What a user reads when a job fails. A kitchen failure always says the unit came back, because it did.
import type { JobKind } from '../../contract/generation';

export function notChargedMessage(kind: JobKind, reason: string): string {
  return kind === 'kitchen'
    ? `${reason} Your generation was not charged; please try again.`
    : `${reason} Please try again.`;
}

export const RESTART_MESSAGES: Record<JobKind, string> = {
  kitchen: 'The server restarted while your kitchen was being made; your generation was not charged.',
  empty_room: 'The server restarted while your empty room was being prepared. Please try again.',
};
