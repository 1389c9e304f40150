// "Your kitchen" beside every step after the photo (issue 33): the visitor's marked photo with every choice so far
// applied, painted by the preview actor the chart keeps (machines/kitchen/preview.ts), drawn over the photo as it
// is (so a step shows the photo at once, and the new picture replaces the last without a blank between). A toggle
// shows the photo as it is. Without marking, an invitation to mark instead. On the layout and island steps, the
// layout sketch the result page shows. Above the options on a phone (and kept in view), beside them on a desktop.
import { useSelector } from '@xstate/react';
import { useEffect, useId, useRef, useState } from 'react';
import { choiceNameOf } from '../../../contract/kitchen-choices';
import type { PreviewChild } from '../../../machines/kitchen/actors';
import type { KitchenContext } from '../../../machines/kitchen/context';
import { previewRequestOf } from '../../../machines/kitchen/preview';
import { chosenOn, type StepId } from '../../../machines/kitchen/steps';
import { LayoutPlan } from '../../components/LayoutPlan';
import { useKitchenContext } from '../../kitchen/use-kitchen';
import { RouteLink } from '../../routing/RouteLink';
import { LAYOUT_SKETCH_ALT, LayoutSketchFigure } from '../your-kitchen/LayoutSketch';

/** The steps whose choice a recolour of the photo shows, by the surface it paints. */
const FRONT_STEPS: readonly StepId[] = ['finishing', 'frontal-color'];
const WORKTOP_STEPS: readonly StepId[] = ['material', 'material-color', 'material-preview'];
/** The steps that show the layout sketch beside the photo, as the result page does. */
const SKETCH_STEPS: readonly StepId[] = ['kitchen-shape', 'kitchen-island'];

export const PHOTO_AS_IT_IS = 'Your photo as it is';

/**
 * The picture's text alternative: the choices it shows, named as the result page's summary names them
 * ("Front colour: Sage"), or that it shows none yet.
 */
export function previewDescription(context: KitchenContext): string {
  const choices = previewRequestOf(context)?.choices;
  const painted = [...(choices?.front ? FRONT_STEPS : []), ...(choices?.worktop ? WORKTOP_STEPS : [])];
  const named = painted.flatMap((step) => {
    const chosen = chosenOn(step, context);
    return chosen ? [`${choiceNameOf(step)}: ${chosen.label}`] : [];
  });
  return named.length === 0
    ? `${PHOTO_AS_IT_IS}: no color or material chosen for it yet`
    : `Your photo with your choices. ${named.join('; ')}`;
}

interface PictureProps {
  photo: string;
  /** The picture's text alternative while it shows the choices. */
  description: string;
  asItIs: boolean;
}

/**
 * The photo with the canvas over it, where each painted picture is drawn: a preview still painting leaves the
 * last one (or the photo as it is) in view, and says that it is updating.
 */
function PaintedPicture({ preview, photo, description, asItIs }: PictureProps & { preview: PreviewChild }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const outcome = useSelector(preview.ref, (snapshot) =>
    snapshot.status === 'done' ? snapshot.output : undefined,
  );
  useEffect(() => {
    const element = canvas.current;
    // Where there is no canvas to draw on (a test's DOM), the photo as it is stays in view.
    if (!element || outcome?.kind !== 'painted' || typeof ImageData === 'undefined') return;
    const { width, height, rgba } = outcome.picture;
    element.width = width;
    element.height = height;
    element.getContext('2d')?.putImageData(new ImageData(rgba, width, height), 0, 0);
    // How many pictures this canvas has shown: the benchmark and the browser test wait on it (no pixels on the DOM).
    element.dataset.painted = String(Number(element.dataset.painted ?? '0') + 1);
  }, [outcome]);
  return (
    <>
      <div className="step-preview__picture" role="img" aria-label={asItIs ? PHOTO_AS_IT_IS : description}>
        <img src={photo} alt="" className="step-preview__photo" />
        <canvas ref={canvas} className="step-preview__painted" hidden={asItIs} />
      </div>
      <p className="step-preview__status muted" role="status">
        {outcome === undefined ? 'Updating your kitchen…' : outcome.kind === 'failed' ? outcome.message : ''}
      </p>
    </>
  );
}

function LayoutSketchOfChoices() {
  const { shape, island } = useKitchenContext((context) => ({
    shape: context.selectedShape,
    island: context.hasIsland === true,
  }));
  if (shape === null) return null;
  return (
    <LayoutSketchFigure
      drawing={
        <div className="layout-sketch__plan" role="img" aria-label={LAYOUT_SKETCH_ALT}>
          <LayoutPlan shape={shape} island={island} />
        </div>
      }
    />
  );
}

/** Without marking: the catalogue's pictures stay the options' own, and the visitor is asked to mark. */
function MarkingInvitation() {
  return (
    <aside className="step-preview step-preview--invitation" aria-label="Your kitchen">
      <p>
        See your own kitchen change as you choose: mark its fronts and worktop on your photo, and every step
        shows them in your choices.
      </p>
      <RouteLink route="create-kitchen/upload-image" className="button button--secondary">
        Mark your photo
      </RouteLink>
    </aside>
  );
}

export function YourKitchenPreview({ step }: { step: StepId }) {
  const headingId = useId();
  const [asItIs, setAsItIs] = useState(false);
  const { marked, photo, preview, description } = useKitchenContext((context) => ({
    marked: context.photoMarking === 'marked',
    photo: context.inputImageDataUrl,
    preview: context.preview,
    description: previewDescription(context),
  }));
  if (!marked || photo === null) return <MarkingInvitation />;
  return (
    <section className="step-preview" aria-labelledby={headingId}>
      <h2 id={headingId} className="step-preview__title">
        Your kitchen
      </h2>
      {preview ? (
        <PaintedPicture preview={preview} photo={photo} description={description} asItIs={asItIs} />
      ) : (
        <img src={photo} alt={PHOTO_AS_IT_IS} className="step-preview__photo" />
      )}
      <button
        type="button"
        className="button button--quiet step-preview__toggle"
        aria-pressed={asItIs}
        onClick={() => setAsItIs((shown) => !shown)}
      >
        Show my photo as it is
      </button>
      {SKETCH_STEPS.includes(step) && <LayoutSketchOfChoices />}
    </section>
  );
}
