// When the photo was not marked (issue 22), the result says what marking would give, and where to do it.

import { useKitchenContext } from '../../kitchen/use-kitchen';
import { RouteLink } from '../../routing/RouteLink';

export const UNMARKED_PHOTO_NOTE =
  'Your photo was not marked, so it is shown as it is. Mark your cabinet fronts and worktop on your photo to see your own kitchen in the colors you chose.';

export function UnmarkedPhotoNote() {
  const unmarked = useKitchenContext(
    (context) => context.inputImageId !== null && context.photoMarking !== 'marked',
  );
  if (!unmarked) return null;
  return (
    <div className="notice marking-note">
      <p className="marking-note__text">{UNMARKED_PHOTO_NOTE}</p>
      <RouteLink route="create-kitchen/upload-image" className="button button--secondary">
        Mark your photo
      </RouteLink>
    </div>
  );
}
