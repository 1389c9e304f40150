// The generation's real stages (queued, preparing, rendering, finishing) as a list, announced as they change.
import { GENERATION_STAGES, type GenerationStage } from '../../../machines/kitchen/actors';
import { useSend } from '../../kitchen/use-kitchen';

const STAGE_LABELS: Record<GenerationStage, string> = {
  queued: 'Waiting for a free renderer',
  preparing: 'Preparing your photo',
  rendering: 'Rendering your new kitchen',
  finishing: 'Adding the finishing touches',
};

export function GenerationProgress({ stage }: { stage: GenerationStage | null }) {
  const send = useSend();
  const current = GENERATION_STAGES.indexOf(stage ?? 'queued');
  return (
    <section className="generation" aria-labelledby="generation-title" aria-busy="true">
      <h2 id="generation-title">Creating Your Kitchen</h2>
      {/* Heard as the stage changes; seen once, in the list below. */}
      <p className="generation__live visually-hidden" role="status" aria-live="polite">
        {STAGE_LABELS[GENERATION_STAGES[current] ?? 'queued']}…
      </p>
      <ol className="generation__stages">
        {GENERATION_STAGES.map((name, index) => {
          const state = index < current ? 'done' : index === current ? 'current' : 'pending';
          return (
            <li
              key={name}
              className={`generation__stage generation__stage--${state}`}
              aria-current={state === 'current' ? 'step' : undefined}
            >
              <span className="generation__marker" aria-hidden="true">
                {state === 'current' ? <span className="spinner" /> : null}
              </span>
              {STAGE_LABELS[name]}
              {state === 'done' && <span className="visually-hidden"> (done)</span>}
            </li>
          );
        })}
      </ol>
      <p className="muted">This can take up to a couple of minutes. You can stay on this page.</p>
      <button
        type="button"
        className="button button--secondary"
        onClick={() => send({ type: 'GENERATION.CANCEL' })}
      >
        Cancel
      </button>
    </section>
  );
}
