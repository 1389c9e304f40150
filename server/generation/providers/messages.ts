// What a user reads when a photoreal provider fails. Written for the user: no status codes, no provider names
// beyond "the image service", and no advice the user cannot follow.

export const PROVIDER_MESSAGES = {
  busy: 'The image service is busy right now. Please wait a minute before trying again.',
  outage: 'The image service is having a problem right now. Please try again later.',
  timeout: 'The image service did not answer in time.',
  unreachable: 'We could not reach the image service.',
  unreadable: 'The image service sent back an answer we could not read.',
  refused:
    "The image service's safety system declined this picture. Please try another photo of your kitchen.",
  failed: 'The image service could not make this picture.',
  stopped: 'The image service stopped before the picture was finished.',
} as const;
