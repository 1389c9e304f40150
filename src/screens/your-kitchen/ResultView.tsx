// The generated kitchen: compare before and after, side by side, download, generate again, start over.
import { lazy, Suspense } from 'react';
import { ownerSpecSheetUrl } from '../../../contract/share-paths';
import type { PastGeneration } from '../../../machines/kitchen/actors';
import { useSend } from '../../kitchen/use-kitchen';
import { RouteLink } from '../../routing/RouteLink';
import { generationBlockedReason, remainingText, retentionText } from '../generations-left';
import '../../styles/sharing.css';
import { ChangeOneThing } from './ChangeOneThing';
import { CompareKitchens } from './CompareKitchens';
import { madeOn } from './made-on';

const BeforeAfterSlider = lazy(() => import('./BeforeAfterSlider'));
const SharePanel = lazy(() => import('./SharePanel'));

interface ResultViewProps {
  before: string | null;
  after: string;
  remaining: number | null;
  /** The service's refusal while Generate waits; null when Generate can work. */
  refusal: string | null;
  /** How many days the photo and kitchens are kept; null while unknown. */
  retentionDays: number | null;
  /** Made by the offline concept renderer rather than a photoreal AI provider. */
  isConceptRender: boolean;
  /** The user's earlier kitchens, newest first (the one on show is left out). */
  earlier: PastGeneration[];
  /** The kitchen on show as the history lists it (its job id); undefined until the history is read. */
  current: PastGeneration | undefined;
}

export function EarlierKitchens({ generations }: { generations: PastGeneration[] }) {
  return (
    <section className="history" aria-labelledby="history-title">
      <h2 id="history-title">Your earlier kitchens</h2>
      <ul className="history__list">
        {generations.map((generation) => (
          <li key={generation.id}>
            <a href={generation.imageUrl} className="history__link">
              <img
                src={generation.imageUrl}
                alt={`Kitchen made ${madeOn(generation.createdAt)}`}
                className="history__image"
                loading="lazy"
                width={240}
                height={180}
              />
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

const GENERATE_BLOCKED_ID = 'result-generate-blocked';

export function ResultView({
  before,
  after,
  remaining,
  refusal,
  retentionDays,
  isConceptRender,
  earlier,
  current,
}: ResultViewProps) {
  const send = useSend();
  const blockedReason = generationBlockedReason(remaining, refusal);
  const countText = remainingText(remaining);
  const keptFor = retentionText(retentionDays);
  return (
    <section className="result" aria-labelledby="result-title">
      <h2 id="result-title" className="visually-hidden">
        Your reimagined kitchen
      </h2>
      {isConceptRender && (
        <p className="notice">
          This is an offline concept render: a quick sketch of your choices, drawn without a photoreal AI
          service.
        </p>
      )}
      {before ? (
        <Suspense fallback={<div className="compare compare--placeholder" aria-hidden="true" />}>
          <BeforeAfterSlider before={before} after={after} />
        </Suspense>
      ) : null}
      <div className="side-by-side">
        {before && (
          <figure>
            <img src={before} alt="Your kitchen before" className="side-by-side__image" />
            <figcaption>Before</figcaption>
          </figure>
        )}
        <figure>
          <img src={after} alt="Your kitchen reimagined" className="side-by-side__image" />
          <figcaption>After</figcaption>
        </figure>
      </div>
      <div className="result__actions">
        <a className="button button--primary" href={after} download="kitchen-reimagined.jpg">
          Download image
        </a>
        <button
          type="button"
          className="button button--secondary"
          aria-disabled={blockedReason !== null}
          aria-describedby={blockedReason !== null ? GENERATE_BLOCKED_ID : undefined}
          onClick={() => {
            if (blockedReason === null) send({ type: 'GENERATE' });
          }}
        >
          Generate again
        </button>
        {current && (
          <a className="button button--quiet" href={ownerSpecSheetUrl(current.id)}>
            Spec sheet
          </a>
        )}
        <button type="button" className="button button--quiet" onClick={() => send({ type: 'RESET' })}>
          Start over
        </button>
      </div>
      {blockedReason !== null ? (
        <p id={GENERATE_BLOCKED_ID} className={refusal ? 'notice notice--warning' : 'muted'} role="status">
          {blockedReason}
        </p>
      ) : (
        countText && <p className="muted">{countText}</p>
      )}
      {keptFor && <p className="muted">{keptFor}</p>}
      <p className="muted">
        <RouteLink route="privacy">Privacy and your data</RouteLink>: download or delete it.
      </p>
      <ChangeOneThing />
      {current && (
        <Suspense fallback={null}>
          <SharePanel jobId={current.id} />
        </Suspense>
      )}
      {current && <CompareKitchens kitchens={[current, ...earlier]} />}
      {earlier.length > 0 && <EarlierKitchens generations={earlier} />}
    </section>
  );
}
