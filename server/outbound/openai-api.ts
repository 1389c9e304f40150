// OpenAI's API, called by two domains: the image provider (generation/providers/openai) and moderation. Both read
// the same OPENAI_BASE_URL, so one gateway serves both.
export const OPENAI_API_BASE_URL = 'https://api.openai.com/v1';
