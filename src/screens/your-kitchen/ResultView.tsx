// A kitchen on the result page (issue 25): its picture once (the before/after slider, fitted to the screen), what
// to do with it, its choices, sharing, side by side and the history. The latest kitchen's choices can be changed
// one at a time; an earlier one reopened from the history shows the choices it was made with.
import { lazy, Suspense } from 'react';
import { ownerSpecSheetUrl } from '../../../contract/share-paths';
import type { NamedChoice } from '../../../contract/wizard-steps';
import type { PastGeneration } from '../../../machines/kitchen/actors';
import { isLatestKitchenUnchanged } from '../../../machines/kitchen/preview';
import { useKitchenContext, useSend } from '../../kitchen/use-kitchen';
import { RouteLink } from '../../routing/RouteLink';
import { retentionText } from '../generations-left';
import '../../styles/sharing.css';
import { ChoicesSummary } from './ChoicesSummary';
import { CompareKitchens } from './CompareKitchens';
import { EarlierKitchens } from './EarlierKitchens';
import { GenerateButton } from './GenerateButton';
import { LayoutSketch } from './LayoutSketch';
import { madeOn } from './made-on';
import { NoGenerationsLeft } from './NoGenerationsLeft';
import { StartOver } from './StartOver';
import { UnmarkedPhotoNote } from './UnmarkedPhotoNote';

const BeforeAfterSlider = lazy(() => import('./BeforeAfterSlider'));
const SharePanel = lazy(() => import('./SharePanel'));

/** The kitchen on show: the latest one made in this browser, or an earlier one reopened from the history. */
export type ShownKitchen =
  | { kind: 'latest'; before: string | null; after: string; job: PastGeneration | undefined }
  | { kind: 'earlier'; job: PastGeneration };

interface ResultViewProps {
  kitchen: ShownKitchen;
  remaining: number | null;
  /** The service's refusal while Generate waits; null when Generate can work. */
  refusal: string | null;
  /** How many days the photo and kitchens are kept; null while unknown. */
  retentionDays: number | null;
  /** Made offline (your photo recoloured inside its marked surfaces) rather than by a photoreal AI provider. */
  isOfflineResult: boolean;
  isGuest: boolean;
  /** Every kitchen of the history, newest first. */
  history: PastGeneration[];
}

/**
 * What "Generate again" gives when nothing changed since this kitchen (D95): offline the same picture, at no cost;
 * a photoreal service another version, for a generation.
 */
export const unchangedNote = (isOfflineResult: boolean): string =>
  isOfflineResult
    ? 'Nothing has changed since this kitchen was made, so generating again gives this same picture and uses no generation. Change one thing below to see something new.'
    : 'Nothing has changed since this kitchen was made: generating again makes another version of it and uses a generation.';

function KitchenPicture({ before, after }: { before: string | null; after: string }) {
  // The comparison once: the slider when there is a before photo, else the kitchen alone, both fitted to the screen.
  return before ? (
    <Suspense fallback={<div className="compare compare--placeholder" aria-hidden="true" />}>
      <BeforeAfterSlider before={before} after={after} />
    </Suspense>
  ) : (
    <img src={after} alt="Your kitchen reimagined" className="result__image" />
  );
}

/** An earlier kitchen's choices as the history lists them: read only (a change starts from the latest). */
function ChoicesMadeWith({ choices }: { choices: NamedChoice[] }) {
  return (
    <section className="choices-summary" aria-labelledby="made-with-title">
      <h2 id="made-with-title">Made With</h2>
      <dl className="choices-summary__list">
        {choices.map((choice) => (
          <div key={choice.step} className="choices-summary__row">
            <dt>{choice.name}</dt>
            <dd className="choices-summary__value">{choice.label}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export function ResultView({
  kitchen,
  remaining,
  refusal,
  retentionDays,
  isOfflineResult,
  isGuest,
  history,
}: ResultViewProps) {
  const send = useSend();
  const marked = useKitchenContext((context) => context.photoMarking === 'marked');
  const unchanged = useKitchenContext(isLatestKitchenUnchanged);
  const keptFor = retentionText(retentionDays);
  const job = kitchen.job;
  const picture =
    kitchen.kind === 'latest'
      ? { before: kitchen.before, after: kitchen.after }
      : { before: kitchen.job.source?.imageUrl ?? null, after: kitchen.job.imageUrl };
  const latest = kitchen.kind === 'latest';
  return (
    <section className="result" aria-labelledby="result-title">
      <h2 id="result-title" tabIndex={-1} className={latest ? 'visually-hidden' : 'result__title'}>
        {latest ? 'Your Reimagined Kitchen' : `Your Kitchen of ${madeOn(kitchen.job.createdAt)}`}
      </h2>
      <KitchenPicture {...picture} />
      {/* The picture and what to do with it first; the rest follows, folded on a phone (issue 36). */}
      <div className="result__actions">
        <a className="button button--primary" href={picture.after} download="kitchen-reimagined.jpg">
          Download image
        </a>
        {latest ? (
          <GenerateButton
            label="Generate again"
            refusal={refusal}
            look="secondary"
            note={unchanged ? unchangedNote(isOfflineResult) : null}
          />
        ) : (
          <button
            type="button"
            className="button button--secondary"
            onClick={() => send({ type: 'KITCHEN.OPEN', jobId: null })}
          >
            Back to your latest kitchen
          </button>
        )}
        {job && (
          <a className="button button--secondary" href={ownerSpecSheetUrl(job.id)}>
            Spec sheet
          </a>
        )}
        {latest && <StartOver />}
      </div>
      {latest && remaining === 0 && <NoGenerationsLeft isGuest={isGuest} />}
      {latest && isOfflineResult && marked && (
        <p className="muted result__note">
          Your own photo, recolored on this site’s server: only the fronts and worktop you marked take your
          choices; everything else is your photo as it is.
        </p>
      )}
      {latest && <UnmarkedPhotoNote />}
      {latest && <LayoutSketch />}
      <div className="result__details">
        {latest ? (
          <ChoicesSummary headingId="choices-title" heading="Your Choices" folded />
        ) : (
          kitchen.job.choices && <ChoicesMadeWith choices={kitchen.job.choices} />
        )}
        {job && (
          <Suspense fallback={null}>
            <SharePanel jobId={job.id} />
          </Suspense>
        )}
      </div>
      {job && <CompareKitchens kitchens={[job, ...history.filter((other) => other.id !== job.id)]} />}
      <EarlierKitchens generations={history.filter((other) => other.id !== job?.id)} />
      <p className="muted result__privacy">
        {keptFor && <span>{keptFor} </span>}
        <RouteLink route="privacy">Privacy and Your Data</RouteLink>: download or delete it.
      </p>
    </section>
  );
}
