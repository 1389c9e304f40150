// Side by side (issue 16): two to four of the user's kitchens made from the same photo next to each other, the
// photo once beside them, with the choices that differ marked. Choosing and closing are the chart's
// (COMPARE.OPEN / COMPARE.CLOSE); the kitchens come from its `loadComparison` call.
import { useEffect, useRef, useState } from 'react';
import type { ComparedKitchen, PastGeneration } from '../../../machines/kitchen/actors';
import { kitchensOfPhoto } from '../../../machines/kitchen/same-photo';
import { useKitchenContext, useKitchenView, useSend } from '../../kitchen/use-kitchen';
import { madeOn } from './made-on';

const MIN = 2;
const MAX = 4;

/** The steps whose chosen option is not the same in every kitchen. */
function differingSteps(kitchens: readonly ComparedKitchen[]): Set<string> {
  const steps = new Set(kitchens.flatMap((kitchen) => kitchen.choices.map((choice) => choice.step)));
  return new Set(
    [...steps].filter(
      (step) =>
        new Set(kitchens.map((kitchen) => kitchen.choices.find((c) => c.step === step)?.value)).size > 1,
    ),
  );
}

function ChooseKitchens({ kitchens }: { kitchens: PastGeneration[] }) {
  const send = useSend();
  const [chosen, setChosen] = useState<string[]>([]);
  const ready = chosen.length >= MIN && chosen.length <= MAX;
  const toggle = (id: string, on: boolean) =>
    setChosen((now) => (on ? [...now, id] : now.filter((other) => other !== id)));
  return (
    <fieldset className="compare-choose">
      <legend>
        Side by Side: Choose {MIN} to {MAX} of Your Kitchens
      </legend>
      <p className="muted">Kitchens made from this photo</p>
      <ul className="compare-choose__list">
        {kitchens.map((kitchen, index) => (
          <li key={kitchen.id}>
            <label className="compare-choose__option">
              <input
                type="checkbox"
                checked={chosen.includes(kitchen.id)}
                onChange={(event) => toggle(kitchen.id, event.target.checked)}
              />
              <img src={kitchen.imageUrl} alt="" width={120} height={90} loading="lazy" />
              <span>{index === 0 ? 'This kitchen' : `Made ${madeOn(kitchen.createdAt)}`}</span>
            </label>
          </li>
        ))}
      </ul>
      <button
        id="compare-open"
        type="button"
        className="button button--secondary"
        aria-disabled={!ready}
        onClick={() => {
          if (ready) send({ type: 'COMPARE.OPEN', jobIds: chosen });
        }}
      >
        Compare side by side
      </button>
    </fieldset>
  );
}

/** The kitchens, after the photo they were all made from when its URL is known. */
function Comparison({ kitchens, before }: { kitchens: ComparedKitchen[]; before: string | undefined }) {
  const differing = differingSteps(kitchens);
  return (
    <div className="compare-grid" data-count={kitchens.length}>
      {before && (
        <figure className="compare-grid__kitchen">
          <img src={before} alt="Your kitchen before" className="compare-grid__image" />
          <figcaption>Before</figcaption>
        </figure>
      )}
      {kitchens.map((kitchen, index) => (
        <figure key={kitchen.id} className="compare-grid__kitchen">
          <img src={kitchen.imageUrl} alt={`Kitchen ${index + 1}`} className="compare-grid__image" />
          <figcaption>
            <dl className="compare-grid__choices">
              {kitchen.choices.map((choice) => (
                <div key={choice.step} className={differing.has(choice.step) ? 'differs' : undefined}>
                  <dt>{choice.name}</dt>
                  <dd>
                    {choice.label}
                    {differing.has(choice.step) && <span className="differs__tag"> (differs)</span>}
                  </dd>
                </div>
              ))}
            </dl>
          </figcaption>
        </figure>
      ))}
    </div>
  );
}

/**
 * Opening or closing the view replaces the part that had focus: focus the view's heading, or back on the picker's
 * button, never the page's body.
 */
function useFocusFollowsComparison(comparison: string) {
  const wasOpen = useRef(comparison !== 'closed');
  useEffect(() => {
    const open = comparison !== 'closed';
    if (open === wasOpen.current) return;
    wasOpen.current = open;
    document.getElementById(open ? 'compare-title' : 'compare-open')?.focus();
  }, [comparison]);
}

/** The current kitchen first, then the earlier ones; only those of its photo are offered, if two or more. */
export function CompareKitchens({ kitchens }: { kitchens: PastGeneration[] }) {
  const send = useSend();
  const { comparison } = useKitchenView();
  useFocusFollowsComparison(comparison);
  const compared = useKitchenContext((context) => context.comparison?.kitchens ?? null);
  const [current] = kitchens;
  const ofThisPhoto = current ? kitchensOfPhoto(kitchens, current) : [];
  if (comparison === 'closed') {
    return ofThisPhoto.length >= MIN ? (
      <ChooseKitchens kitchens={ofThisPhoto} />
    ) : (
      <p className="muted">
        Side by side needs two kitchens made from the same photo: generate another from this photo to compare
        them.
      </p>
    );
  }
  const before = kitchens.find((kitchen) => kitchen.id === compared?.[0]?.id)?.source?.imageUrl;
  return (
    <section className="compare-view" aria-labelledby="compare-title">
      <h2 id="compare-title" tabIndex={-1}>
        Side by Side
      </h2>
      {comparison === 'loading' && <p role="status">Loading your kitchens…</p>}
      {comparison === 'failed' && (
        <p className="notice notice--warning" role="alert">
          We could not load these kitchens. Please try again.
        </p>
      )}
      {comparison === 'showing' && compared && <Comparison kitchens={compared} before={before} />}
      <button type="button" className="button button--quiet" onClick={() => send({ type: 'COMPARE.CLOSE' })}>
        Close side by side
      </button>
    </section>
  );
}
