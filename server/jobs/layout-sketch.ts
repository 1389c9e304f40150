// The layout sketch beside a kitchen's photo result (issue 22): a recolour keeps the visitor's room as it is, so
// the layout and island they chose are shown as the concept drawing, over the light read from their photo,
// labelled across the top as a sketch. Drawn on request from the job's stored choices (the drawing is
// deterministic), so nothing more is stored, exported or swept.
import { KITCHEN_LAYOUTS } from '../../contract/layouts';
import { resolveConfiguration } from '../generation/configuration';
import { renderConcept } from '../generation/render/render-concept';
import { HttpError } from '../http/errors';
import type { ImageStore } from '../images/image-store';
import type { JobRecord } from './job-store';

/** The words across the sketch's top: what it shows, and that it is not the photo. */
export function layoutSketchLabel(layoutId: string, hasIsland: boolean): string {
  const layout = KITCHEN_LAYOUTS.find(({ id }) => id === layoutId)?.name ?? layoutId;
  return `Layout sketch: ${layout}${hasIsland ? ' with an island' : ''}. A drawing, not your photo.`;
}

const gone = () =>
  new HttpError(404, 'IMAGE_NOT_FOUND', 'The photo this sketch is drawn from is no longer available.');

export async function drawLayoutSketch(record: JobRecord, images: ImageStore): Promise<Buffer> {
  const { request, userId } = record;
  if (request.kind !== 'kitchen') throw new Error('only a kitchen has a layout sketch');
  const resolution = resolveConfiguration(request);
  // A catalogue changed by a deploy since: the sketch can no longer be drawn as chosen.
  if (!resolution.ok) throw gone();
  const photo = await images.get(userId, request.imageId);
  if (!photo) throw gone();
  const { configuration } = resolution;
  const sketch = await renderConcept({
    photo: photo.bytes,
    ...configuration,
    label: layoutSketchLabel(configuration.layout, configuration.hasIsland),
  });
  return sketch.bytes;
}
