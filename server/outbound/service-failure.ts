// How a call to another service fails in a way worth telling the user, shared by every caller of http-client.ts
// (the image providers, OpenAI moderation). Written for the user: no status codes, no service names beyond "the
// image service", and no advice the user cannot follow.

/** A failure whose message is written for the user and may be shown as it is. */
export class ServiceFailure extends Error {
  override name = 'ServiceFailure';
}

/** The failures every remote service shares. */
export const SERVICE_MESSAGES = {
  busy: 'The image service is busy right now. Please wait a minute before trying again.',
  outage: 'The image service is having a problem right now. Please try again later.',
  timeout: 'The image service did not answer in time.',
  unreachable: 'We could not reach the image service.',
  unreadable: 'The image service sent back an answer we could not read.',
} as const;
