// The real server's answers to the catalogue lookups, asked from Node with the app's own fetcher. The UI model
// is explored synchronously, so it reads answers from here; a lookup not yet asked is recorded as missing, and
// the model is explored again once the missing answers have been fetched.
import type { CatalogueRequest, CatalogueResult } from '../../../machines/kitchen/catalogue';
import { fetchCatalogue } from '../../../src/api/catalogue';
import { createApiClient } from '../../../src/api/client';
import { RequestFailedError } from '../../../src/api/request-errors';

const keyOf = (request: CatalogueRequest) => JSON.stringify([request.kind, request.params]);

export class ServerOracle {
  private readonly answers = new Map<string, CatalogueResult>();
  private readonly missing = new Map<string, CatalogueRequest>();

  constructor(private readonly origin: string) {}

  /** The server's answer, or undefined (and recorded as missing) when it has not been asked yet. */
  answer(request: CatalogueRequest): CatalogueResult | undefined {
    const key = keyOf(request);
    const known = this.answers.get(key);
    if (!known) this.missing.set(key, request);
    return known;
  }

  get hasMissing(): boolean {
    return this.missing.size > 0;
  }

  /** Asks the server every lookup recorded as missing. */
  async fetchMissing(): Promise<void> {
    const api = createApiClient({ baseUrl: this.origin });
    const asked = [...this.missing.entries()];
    this.missing.clear();
    // A round follows minutes of synchronous exploration: the server may close a kept-alive connection (its
    // idle timeout ran out meanwhile) just as a request goes out on it. A lookup is a GET: asking again is safe.
    const fetchRetryingOnce = (request: CatalogueRequest) =>
      fetchCatalogue(api, request).catch((error: unknown) => {
        if (error instanceof RequestFailedError && error.reason === 'network')
          return fetchCatalogue(api, request);
        throw error;
      });
    await Promise.all(
      asked.map(async ([key, request]) => {
        this.answers.set(key, await fetchRetryingOnce(request));
      }),
    );
  }
}
