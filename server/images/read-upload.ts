// Reads the one photo out of a multipart request and turns every way a body can be wrong into a clear 4xx.
import type { FastifyRequest } from 'fastify';
import { IMAGE_UPLOAD_FIELD } from '../../contract/images';
import { fileTooLarge, ImageRejectedError } from './image-rejection';

/** Busboy limits for one photo and nothing else: a few small fields at most, one file. */
export const uploadLimits = (maxBytes: number) => ({
  fileSize: maxBytes,
  files: 1,
  fields: 4,
  parts: 5,
  fieldNameSize: 100,
  fieldSize: 1024,
  headerPairs: 20,
});

function asRejection(error: unknown, maxBytes: number): ImageRejectedError {
  if (error instanceof ImageRejectedError) return error;
  switch ((error as { code?: unknown } | undefined)?.code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return fileTooLarge(maxBytes);
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new ImageRejectedError(
        'UPLOAD_NOT_MULTIPART',
        `Send the photo as multipart/form-data, in a field named "${IMAGE_UPLOAD_FIELD}".`,
      );
    case 'FST_PARTS_LIMIT':
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new ImageRejectedError(
        'UPLOAD_TOO_MANY_PARTS',
        'Send one photo at a time, with no other files.',
      );
    default:
      // Everything else raised while parsing the body (busboy's "Unexpected end of form", a bad part header,
      // a premature close) is a broken request, not a server failure.
      return new ImageRejectedError(
        'UPLOAD_MALFORMED',
        'The upload was incomplete or malformed. Please try again.',
      );
  }
}

/** The bytes of the `file` field; at most `maxBytes` are ever buffered. */
export async function readUploadedPhoto(request: FastifyRequest, maxBytes: number): Promise<Buffer> {
  try {
    const part = await request.file({ limits: uploadLimits(maxBytes), throwFileSizeLimit: true });
    if (!part || part.fieldname !== IMAGE_UPLOAD_FIELD)
      throw new ImageRejectedError(
        'UPLOAD_FILE_MISSING',
        `No photo was sent. Attach it in a field named "${IMAGE_UPLOAD_FIELD}".`,
      );
    const bytes = await part.toBuffer();
    // toBuffer() misses the limit when busboy marks the stream truncated only after handing over its last chunk
    // (seen over real sockets), so the flag is checked once more here.
    if (part.file.truncated) throw fileTooLarge(maxBytes);
    return bytes;
  } catch (error) {
    throw asRejection(error, maxBytes);
  }
}
