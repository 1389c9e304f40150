// What a kitchen job's answer says about its result beyond the picture (issue 22): where its layout sketch is,
// and a note when the picture is the photo as it is because nothing was marked on it.
import { API_PREFIX } from '../../contract/endpoints';
import { type GenerationJob, jobPaths } from '../../contract/generation';
import { LOCAL_PROVIDER_NAME } from '../generation/providers/local-provider';

export const UNMARKED_PHOTO_NOTE =
  'Nothing was marked on your photo, so it is shown as it is. Mark the fronts and the worktop on your photo ' +
  'to see them in the colors and materials you chose.';

export const layoutSketchUrl = (jobId: string) =>
  `${API_PREFIX}${jobPaths.layoutSketch.replace(':id', encodeURIComponent(jobId))}`;

export function resultFields(
  job: Pick<GenerationJob, 'id' | 'kind' | 'state' | 'provider'> & { layoutSketchId: string | null },
  // What it reads of the stored request (job-store.ts's `StoredJobRequest`), so the store can use this file.
  request: { kind: string; masksDigest?: string | null },
): Pick<GenerationJob, 'layoutSketchUrl' | 'resultNote'> {
  if (job.kind !== 'kitchen' || job.state !== 'succeeded' || request.kind !== 'kitchen')
    return { layoutSketchUrl: null, resultNote: null };
  // Jobs from before marking have no digest at all: theirs was the concept drawing, which needs no note.
  const unmarked = job.provider === LOCAL_PROVIDER_NAME && request.masksDigest === null;
  return {
    // Kitchens that succeeded before sketches were kept (migration 12) have none.
    layoutSketchUrl: job.layoutSketchId ? layoutSketchUrl(job.id) : null,
    resultNote: unmarked ? UNMARKED_PHOTO_NOTE : null,
  };
}
