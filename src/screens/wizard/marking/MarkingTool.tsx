// Marking the kitchen (issue 22): the visitor paints what will change (the fronts, the worktop) and what must
// not ("Not this"); the surfaces grow from the strokes in a worker and show as a live overlay. Loaded only when
// marking starts: the first screen carries none of it.
import { useState } from 'react';
import type { SurfaceMaskFiles } from '../../../api/surface-masks';
import { useKitchenContext } from '../../../kitchen/use-kitchen';
import { BRUSH_ROWS, BRUSHES, type Brush } from '../../../marking/brushes';
import type { FoundObject } from '../../../marking/keep-seeds';
import { rememberMarks, savedMarks } from '../../../persistence/saved-marking';
import '../../../styles/marking.css';
import { MarkingStage } from './MarkingStage';
import { zoomStep } from './stage-geometry';
import { useMarking } from './use-marking';

const NO_OBJECTS: readonly FoundObject[] = [];

const percent = (share: number) => `${Math.round(share * 100)}%`;

export interface MarkingToolProps {
  photoDataUrl: string;
  /** The masks are being saved: the buttons wait. */
  isSaving: boolean;
  /** Why the last save failed, in the visitor's words; null when it did not. */
  saveError: string | null;
  /** Whether "Skip marking" is offered (not once a marking is saved: then it is "Cancel"). */
  canSkip: boolean;
  onSave: (masks: SurfaceMaskFiles) => void;
  onSkip: () => void;
  onCancel: () => void;
}

export default function MarkingTool(props: MarkingToolProps) {
  const { photoDataUrl, isSaving, saveError, canSkip, onSave, onSkip, onCancel } = props;
  const objects = useKitchenContext((context) => context.kitchenCheck?.objects) ?? NO_OBJECTS;
  const imageId = useKitchenContext((context) => context.inputImageId);
  // Read once per photo: the marks the visitor saved on it last time, to change rather than redraw.
  const [saved] = useState(() => savedMarks(localStorage, imageId));
  const marking = useMarking(photoDataUrl, objects, saved);
  const { status, history, dispatch, overlay } = marking;
  const [brush, setBrush] = useState<Brush>('fronts');
  const [zoom, setZoom] = useState(1);
  const [preparing, setPreparing] = useState(false);
  const [prepareError, setPrepareError] = useState<string | null>(null);

  const coverage = overlay?.coverage ?? { fronts: 0, worktop: 0 };
  const hasSurface = coverage.fronts > 0 || coverage.worktop > 0;
  const offer = overlay?.offer;
  const offerBrush = offer?.brush;
  const showOffer =
    !marking.offerDismissed && offer && offerBrush && offerBrush !== 'not-this' && offer.areas > 0;
  const busy = isSaving || preparing;

  const save = async () => {
    setPreparing(true);
    setPrepareError(null);
    try {
      const masks = await marking.masks();
      if (imageId) rememberMarks(localStorage, imageId, history.marks);
      onSave(masks);
    } catch (error) {
      setPrepareError(error instanceof Error ? error.message : String(error));
    } finally {
      setPreparing(false);
    }
  };

  const progress =
    status.state === 'opening'
      ? 'Getting your photo ready to mark…'
      : !hasSurface
        ? 'Swipe across a cabinet door with the Fronts brush to start.'
        : `Marked: fronts ${percent(coverage.fronts)} of the photo, worktop ${percent(coverage.worktop)}.`;

  return (
    <section className="marking" aria-labelledby="marking-title">
      <h2 id="marking-title" className="marking__title">
        Mark what will change
      </h2>
      <p className="marking__intro">
        Paint over your cabinet fronts and your worktop: only what you mark takes your new colors, and the
        rest of the photo stays as it is. A stroke or two on each is usually enough; paint "Not this" over
        anything that was picked up by mistake.
      </p>
      <div className="marking__toolbar">
        <fieldset className="marking__brushes">
          <legend className="marking__legend">Brush</legend>
          {BRUSHES.map((each) => (
            <label key={each} className={`marking__brush${brush === each ? ' marking__brush--chosen' : ''}`}>
              <input
                type="radio"
                name="marking-brush"
                value={each}
                checked={brush === each}
                onChange={() => setBrush(each)}
              />
              <span
                className="marking__swatch"
                style={{ background: `rgb(${BRUSH_ROWS[each].colour.join(' ')})` }}
                aria-hidden="true"
              />
              <span>
                {BRUSH_ROWS[each].label} <span className="marking__hint">({BRUSH_ROWS[each].hint})</span>
              </span>
            </label>
          ))}
        </fieldset>
        <fieldset className="marking__edit">
          <legend className="visually-hidden">Edit and zoom</legend>
          <button
            type="button"
            className="button button--secondary"
            disabled={history.marks.length === 0}
            onClick={() => dispatch({ type: 'undone' })}
          >
            Undo
          </button>
          <button
            type="button"
            className="button button--secondary"
            disabled={history.marks.length === 0}
            onClick={() => dispatch({ type: 'cleared' })}
          >
            Clear
          </button>
          <button
            type="button"
            className="button button--secondary"
            aria-label="Zoom out"
            disabled={zoom <= 1}
            onClick={() => setZoom(zoomStep(zoom, -1))}
          >
            −
          </button>
          <button
            type="button"
            className="button button--secondary"
            aria-label="Zoom in"
            disabled={zoom >= 4}
            onClick={() => setZoom(zoomStep(zoom, 1))}
          >
            +
          </button>
        </fieldset>
      </div>
      {status.state === 'failed' ? (
        <p className="notice notice--danger" role="alert">
          {status.message}
        </p>
      ) : status.state === 'ready' ? (
        <MarkingStage
          photoDataUrl={photoDataUrl}
          width={status.photo.width}
          height={status.photo.height}
          brush={brush}
          brushLabel={BRUSH_ROWS[brush].label}
          history={history}
          dispatch={dispatch}
          overlay={overlay}
          version={marking.version}
          zoom={zoom}
          onZoom={setZoom}
        />
      ) : (
        <div className="marking__opening">
          <span className="spinner spinner--large" aria-hidden="true" />
        </div>
      )}
      <p className="marking__progress" role="status">
        {progress}
      </p>
      {status.state === 'ready' && (
        // Always in place, and as tall with an offer as without (both are laid in one cell, the unused one
        // invisible): a box that came and went moved the page under the pointer mid-marking.
        <fieldset className="marking__offer notice">
          <legend className="visually-hidden">Areas that look alike</legend>
          <div className={`marking__offer-question${showOffer ? '' : ' marking__offer--unused'}`}>
            <p>
              Solid color is what you marked. The striped{' '}
              {offer?.areas === 1 ? 'area looks' : `${offer?.areas ?? ''} areas look`} like your{' '}
              {BRUSH_ROWS[offerBrush ?? 'fronts'].inWords} too: add {offer?.areas === 1 ? 'it' : 'them'}?
            </p>
            <div className="marking__offer-actions">
              <button
                type="button"
                className="button button--secondary"
                onClick={() =>
                  showOffer && dispatch({ type: 'offer-accepted', brush: offerBrush, regions: offer.regions })
                }
              >
                Add {offer?.areas === 1 ? 'it' : 'them'}
              </button>
              <button type="button" className="button button--quiet" onClick={marking.dismissOffer}>
                No thanks
              </button>
            </div>
          </div>
          <p className={showOffer ? 'marking__offer--unused' : undefined}>
            Solid color is what you marked; what is left clear stays as it is in your photo. Stripes, when
            they show, are areas that look like what you marked, for you to add or leave.
          </p>
        </fieldset>
      )}
      {(saveError ?? prepareError) && (
        <p className="notice notice--danger" role="alert">
          {saveError ?? prepareError}
        </p>
      )}
      <div className="marking__actions">
        <button
          type="button"
          className="button button--primary"
          disabled={!hasSurface || status.state !== 'ready'}
          aria-busy={busy}
          onClick={busy ? undefined : save}
        >
          {busy ? 'Saving your marking…' : 'Use this marking'}
        </button>
        {canSkip ? (
          <button type="button" className="button button--quiet" disabled={busy} onClick={onSkip}>
            Skip marking
          </button>
        ) : (
          <button type="button" className="button button--quiet" disabled={busy} onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
      {canSkip && (
        <p className="muted marking__fine-print">
          Without marking, your photo is shown as it is, beside a sketch of the layout: only what you mark
          takes the colors and materials you choose.
        </p>
      )}
    </section>
  );
}
