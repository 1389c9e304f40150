// The layout sketch beside the photo result (issue 22): recolouring the visitor's photo keeps their room as it is,
// so the layout and island they chose cannot show in it. The concept drawing shows them instead, labelled as a
// drawing, never passed off as the photo. Folded on a phone, under the picture and its actions (issue 36).
import { useKitchenContext } from '../../kitchen/use-kitchen';
import { Fold } from './Fold';

export function LayoutSketch() {
  const url = useKitchenContext((context) => context.lastLayoutSketchUrl);
  if (url === null) return null;
  return (
    <Fold summary="Your layout and island, as a sketch">
      <figure className="layout-sketch">
        <img
          src={url}
          alt="A drawing of the layout and island you chose"
          className="layout-sketch__image"
          loading="lazy"
        />
        <figcaption className="muted">
          Layout sketch: your photo keeps your room as it is, so the layout and island you chose are drawn
          here. A drawing, not your photo.
        </figcaption>
      </figure>
    </Fold>
  );
}
