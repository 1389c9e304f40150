import type { ImageErrorCode } from '../../contract/images';
import { HttpError } from '../http/errors';

/** The HTTP status of each rejection: the request is at fault (4xx), never the server, never "unsafe". */
const statusOf: Record<ImageErrorCode, number> = {
  IMAGE_EMPTY: 400,
  UPLOAD_MALFORMED: 400,
  UPLOAD_FILE_MISSING: 400,
  IMAGE_NOT_FOUND: 404,
  IMAGE_TOO_LARGE: 413,
  IMAGE_TOO_MANY_PIXELS: 413,
  UPLOAD_TOO_MANY_PARTS: 413,
  IMAGE_UNSUPPORTED_TYPE: 415,
  UPLOAD_NOT_MULTIPART: 415,
  IMAGE_UNDECODABLE: 422,
};

/** A photo or upload the server refuses; `message` is shown to the user as is. */
export class ImageRejectedError extends HttpError {
  override name = 'ImageRejectedError';
  declare readonly code: ImageErrorCode;
  constructor(code: ImageErrorCode, message: string) {
    super(statusOf[code], code, message);
  }
}

/** The one wording for a file over the byte limit, whether the multipart parser or the pipeline notices. */
export const fileTooLarge = (maxBytes: number) =>
  new ImageRejectedError(
    'IMAGE_TOO_LARGE',
    `This file is larger than ${Math.round(maxBytes / (1024 * 1024))} MB. Please upload a smaller photo.`,
  );
