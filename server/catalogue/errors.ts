import { HttpError } from '../http/errors';

// A catalogue request that cannot be answered: a malformed query (400) or a lookup of something the
// catalogue does not hold (404, which the app reads as an empty list).

export const badQuery = (message: string) => new HttpError(400, 'CATALOGUE_BAD_QUERY', message);
export const notFound = (message: string) => new HttpError(404, 'CATALOGUE_NOT_FOUND', message);
