// What the app says when the service refuses for one of its limits and its answer carries no message of its own
// (the server always writes one; a proxy or an older server may not). The server's message always comes first.
import type { LimitRefusalCode } from '../../contract/refusals';

export const REFUSAL_FALLBACK_MESSAGES: Record<LimitRefusalCode, string> = {
  GENERATION_LIMIT_REACHED: 'You have used all your generations.',
  NETWORK_LIMIT_REACHED:
    "Visitors from your network have used today's generations. Please come back tomorrow, or try from another network.",
  DAILY_BUDGET_REACHED:
    "We have made as many kitchens today as we can afford. Please come back tomorrow; you haven't been charged.",
  TOO_MANY_JOBS: 'Your other kitchens are still being made. Please wait for them to finish, then try again.',
  IMAGE_SERVICE_BUSY: 'Our image service is busy right now. Please try again in a minute.',
  STORAGE_LIMIT_REACHED:
    'You have stored as many photos and kitchens as we can keep for you. Older ones expire after a while.',
};
