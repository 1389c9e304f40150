// The history on the result page (issue 25): each kitchen with its date and its main choices, opened on the
// result page itself (the chart's KITCHEN.OPEN) rather than as a bare picture.
import type { PastGeneration } from '../../../machines/kitchen/actors';
import { useSend } from '../../kitchen/use-kitchen';
import { madeOn } from './made-on';

/** The choices a history entry names: the ones that tell kitchens apart at a glance. */
const SUMMARY_KEYS = ['design', 'frontal-color', 'material-color', 'kitchen-shape'];

export const summaryOf = (kitchen: PastGeneration): string =>
  (kitchen.choices ?? [])
    .filter((choice) => SUMMARY_KEYS.includes(choice.step))
    .map((choice) => choice.label)
    .join(' · ');

export function EarlierKitchens({
  generations,
  heading = 'Your Earlier Kitchens',
}: {
  generations: PastGeneration[];
  heading?: string;
}) {
  const send = useSend();
  if (generations.length === 0) return null;
  return (
    <section className="history" aria-labelledby="history-title">
      <h2 id="history-title">{heading}</h2>
      <ul className="history__list">
        {generations.map((generation) => {
          const made = madeOn(generation.createdAt);
          const summary = summaryOf(generation);
          return (
            <li key={generation.id} className="history__entry">
              <img
                src={generation.imageUrl}
                alt=""
                className="history__image"
                loading="lazy"
                width={240}
                height={180}
              />
              <div className="history__text">
                <p className="history__date">{made}</p>
                {summary && <p className="history__choices">{summary}</p>}
                <button
                  type="button"
                  className="button button--secondary"
                  aria-label={`Open the kitchen made ${made}`}
                  onClick={() => send({ type: 'KITCHEN.OPEN', jobId: generation.id })}
                >
                  Open
                </button>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
