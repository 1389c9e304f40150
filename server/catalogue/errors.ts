import type { ApiError } from '../../contract/errors';

// A catalogue request that cannot be answered: a malformed query (400) or a lookup of something the
// catalogue does not hold (404, which the app reads as an empty list). Routes turn it into the API error body.

export class CatalogueRequestError extends Error {
  constructor(
    readonly statusCode: 400 | 404,
    message: string,
    readonly code: 'CATALOGUE_BAD_QUERY' | 'CATALOGUE_NOT_FOUND',
  ) {
    super(message);
    this.name = 'CatalogueRequestError';
  }

  toBody(): ApiError {
    const error = this.statusCode === 400 ? 'Bad Request' : 'Not Found';
    return { statusCode: this.statusCode, error, message: this.message, code: this.code };
  }
}

export const badQuery = (message: string) => new CatalogueRequestError(400, message, 'CATALOGUE_BAD_QUERY');
export const notFound = (message: string) => new CatalogueRequestError(404, message, 'CATALOGUE_NOT_FOUND');
