// The layout sketch beside the photo result (issue 22): recolouring the visitor's photo keeps their room as it is,
// so the layout and island they chose cannot show in it. The concept drawing shows them instead, labelled as a
// drawing, never passed off as the photo. Folded on a phone, under the picture and its actions (issue 36). The
// wizard's live preview shows the same figure on the layout and island steps, with the plan drawn on the page.
import type { ReactNode } from 'react';
import { useKitchenContext } from '../../kitchen/use-kitchen';
import { Fold } from './Fold';

/** What the sketch is, to a screen reader: the drawing's name, wherever it is drawn. */
export const LAYOUT_SKETCH_ALT = 'A drawing of the layout and island you chose';

/** The sketch under its fold, with the caption that says it is a drawing; `drawing` is the picture itself. */
export function LayoutSketchFigure({ drawing }: { drawing: ReactNode }) {
  return (
    <Fold summary="Your layout and island, as a sketch">
      <figure className="layout-sketch">
        {drawing}
        <figcaption className="muted">
          Layout sketch: your photo keeps your room as it is, so the layout and island you chose are drawn
          here. A drawing, not your photo.
        </figcaption>
      </figure>
    </Fold>
  );
}

export function LayoutSketch() {
  const url = useKitchenContext((context) => context.lastLayoutSketchUrl);
  if (url === null) return null;
  return (
    <LayoutSketchFigure
      drawing={<img src={url} alt={LAYOUT_SKETCH_ALT} className="layout-sketch__image" loading="lazy" />}
    />
  );
}
