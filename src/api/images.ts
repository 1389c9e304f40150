import { actionPaths } from '../../contract/endpoints';
import {
  IMAGE_UPLOAD_FIELD,
  type ValidateImageResponse,
  validateImageResponseSchema,
} from '../../contract/images';
import type { ApiClient } from './client';
import { parseResponse } from './parse-response';

/** Decodes a `data:` URL into a Blob without `fetch`, which the page's connect-src policy would refuse. */
export function dataUrlToBlob(dataUrl: string): Blob {
  const match = /^data:([^;,]*)((?:;[^;,]*)*?)(;base64)?,(.*)$/s.exec(dataUrl);
  if (!match) throw new Error('The photo could not be read. Please choose it again.');
  const [, type = '', , base64, payload = ''] = match;
  if (!base64) return new Blob([decodeURIComponent(payload)], { type });
  const binary = atob(payload);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return new Blob([bytes], { type });
}

const fileNameFor = (type: string) => `photo.${type.split('/')[1]?.replace('jpeg', 'jpg') || 'jpg'}`;

/**
 * `POST /image/validate_image_content` (multipart): the server moderates the photo and, when it is safe,
 * keeps it under an id that generation reuses. An unsafe photo is a verdict, not an error.
 */
export async function validateImageContent(
  api: ApiClient,
  dataUrl: string,
  signal?: AbortSignal,
): Promise<ValidateImageResponse> {
  const photo = dataUrlToBlob(dataUrl);
  const form = new FormData();
  form.append(IMAGE_UPLOAD_FIELD, photo, fileNameFor(photo.type));
  const body = await api.request(actionPaths.validateImageContent, { method: 'POST', body: form, signal });
  return parseResponse('the photo check', validateImageResponseSchema, body);
}
