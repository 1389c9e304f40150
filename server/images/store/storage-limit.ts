import { HttpError } from '../../http/errors';

/** An upload that would take its owner past the per-user storage cap; the message is shown as is. */
export class StorageLimitReachedError extends HttpError {
  override name = 'StorageLimitReachedError';
  constructor(limitBytes: number, retentionDays: number) {
    super(
      413,
      'STORAGE_LIMIT_REACHED',
      `Your photos and designs have filled your ${Math.round(limitBytes / (1024 * 1024))} MB of storage. ` +
        `Each is removed ${retentionDays} days after it was made; you can upload again once older ones expire.`,
    );
  }
}
