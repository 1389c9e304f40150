// What a user reads when a photoreal provider fails. Written for the user: no status codes, no provider names
// beyond "the image service", and no advice the user cannot follow.

import { SERVICE_MESSAGES } from '../../outbound/service-failure';

export const PROVIDER_MESSAGES = {
  ...SERVICE_MESSAGES,
  refused:
    "The image service's safety system declined this picture. Please try another photo of your kitchen.",
  failed: 'The image service could not make this picture.',
  stopped: 'The image service stopped before the picture was finished.',
} as const;
