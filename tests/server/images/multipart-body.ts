// Builds multipart/form-data bodies by hand, so tests can also send broken ones.
import { IMAGE_UPLOAD_FIELD } from '../../../contract/images';

const BOUNDARY = '----kitchen-test-boundary';

export interface FormPart {
  name: string;
  value: Uint8Array | string;
  filename?: string;
  contentType?: string;
}

export function multipartBody(parts: FormPart[]) {
  const chunks = parts.flatMap((part) => {
    const disposition = `form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}`;
    const headers = [`Content-Disposition: ${disposition}`];
    if (part.contentType) headers.push(`Content-Type: ${part.contentType}`);
    return [
      Buffer.from(`--${BOUNDARY}\r\n${headers.join('\r\n')}\r\n\r\n`),
      Buffer.from(part.value),
      Buffer.from('\r\n'),
    ];
  });
  return {
    payload: Buffer.concat([...chunks, Buffer.from(`--${BOUNDARY}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  };
}

/** One photo in the `file` field, as the app sends it. */
export const photoForm = (bytes: Uint8Array, filename = 'photo.jpg', contentType = 'image/jpeg') =>
  multipartBody([{ name: IMAGE_UPLOAD_FIELD, value: bytes, filename, contentType }]);
