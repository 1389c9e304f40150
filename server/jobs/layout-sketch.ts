// The layout sketch beside a kitchen's photo result (issue 22): a recolour keeps the visitor's room as it is, so
// the layout and island they chose are shown as the concept drawing, over the light read from their photo,
// labelled across the top as a sketch. Drawn on request from the job's stored choices (the drawing is
// deterministic), so nothing more is stored, exported or swept.
import { type ResolvedConfiguration, resolveConfiguration } from '../generation/configuration';
import { renderConcept } from '../generation/render/render-concept';
import { HttpError } from '../http/errors';
import type { ImageStore } from '../images/image-store';
import type { JobRecord } from './job-store';

/** The words across the sketch's top: the layout as its option reads, the island, and that it is not the photo. */
function layoutSketchLabel({ choices, layout, hasIsland }: ResolvedConfiguration): string {
  const chosen = choices.find(({ step }) => step === 'kitchen-shape')?.label ?? layout;
  return `Layout sketch: ${chosen}${hasIsland ? ' with an island' : ''}. A drawing, not your photo.`;
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
    label: layoutSketchLabel(configuration),
  });
  return sketch.bytes;
}
