// When the photo was not marked (issue 22), the result says what marking would give, and where to do it, as this
// site makes kitchens (issue 36): the offline recolor leaves an unmarked photo as it is, an AI service redraws it.
import type { ResultKind } from '../../../contract/image-services';
import { useResultKind } from '../../kitchen/app-services';
import { useKitchenContext } from '../../kitchen/use-kitchen';
import { RouteLink } from '../../routing/RouteLink';

export const UNMARKED_PHOTO_NOTES: Readonly<Record<ResultKind, string>> = {
  recolor:
    'Your photo was not marked, so it is shown as it is. Mark your cabinet fronts and worktop on your photo to see your own kitchen in the colors you chose.',
  ai: 'Your photo was not marked, so the whole picture was redrawn. Mark your cabinet fronts and worktop on your photo to change only them and keep the rest of your room as it is.',
};

export function UnmarkedPhotoNote() {
  const unmarked = useKitchenContext(
    (context) => context.inputImageId !== null && context.photoMarking !== 'marked',
  );
  const note = UNMARKED_PHOTO_NOTES[useResultKind()];
  if (!unmarked) return null;
  return (
    <div className="notice marking-note">
      <p className="marking-note__text">{note}</p>
      <RouteLink route="create-kitchen/upload-image" className="button button--secondary">
        Mark your photo
      </RouteLink>
    </div>
  );
}
