// The photo step's marking part (issue 22): once the photo is checked, an invitation to mark the fronts and
// worktop (or what was decided), and the marking tool itself while it is open. The tool and its worker load
// only when marking starts.
import { lazy, type RefObject, Suspense, useEffect, useRef } from 'react';
import { FIRST_STEP, nextStepOf } from '../../../../machines/kitchen/steps';
import type { SurfaceMaskFiles } from '../../../api/surface-masks';
import { useAppServices } from '../../../kitchen/app-services';
import { useKitchenContext, useKitchenView, useSend } from '../../../kitchen/use-kitchen';

const MarkingTool = lazy(() => import('../marking/MarkingTool'));

/** The step after the photo, whose "Your kitchen" shows the first live preview. */
const NEXT_STEP = nextStepOf(FIRST_STEP) ?? FIRST_STEP;

export const MARKING_WORDS = {
  invite: 'Next, mark your cabinet fronts and worktop, so only they take your new colors.',
  marked: 'Your fronts and worktop are marked: the result recolors just those in your photo.',
  skipped:
    'Marking skipped: your photo will be shown as it is, with a sketch of your layout. Mark your fronts and worktop to see them in your new colors.',
  start: 'Mark fronts and worktop',
  change: 'Change marking',
} as const;

/**
 * The invitation under a checked photo, or nothing when the photo is not ready for marking. Once the photo is
 * marked, the next step's code is loaded at once: its "Your kitchen" is the first live preview, and waiting for
 * Next to load the code would add a few hundred milliseconds to it (issue 33's 1 s budget). Only the code: the
 * step's lists are still fetched on intent or when it opens, so a list that fails fails on its own step.
 */
export function MarkingInvite() {
  const send = useSend();
  const { marking, ready } = useKitchenContext((context) => ({
    marking: context.photoMarking,
    ready: context.moderationPassed === true && context.inputImageDataUrl !== null,
  }));
  const { preloadScreen } = useAppServices();
  useEffect(() => {
    if (marking === 'marked') preloadScreen(`create-kitchen/${NEXT_STEP}`);
  }, [marking, preloadScreen]);
  if (!ready) return null;
  const words =
    marking === 'marked'
      ? MARKING_WORDS.marked
      : marking === 'skipped'
        ? MARKING_WORDS.skipped
        : MARKING_WORDS.invite;
  return (
    <div
      className={`marking-invite${marking === 'marked' ? ' marking-invite--done' : ''}`}
      data-marking={marking ?? 'invited'}
    >
      <p>{words}</p>
      <button
        type="button"
        className={`button ${marking === 'marked' ? 'button--secondary' : 'button--primary'}`}
        onClick={() => send({ type: 'MARKING.START' })}
      >
        {marking === 'marked' ? MARKING_WORDS.change : MARKING_WORDS.start}
      </button>
    </div>
  );
}

/**
 * Moves focus to the tool's title once the tool is shown (issue 36): the button that opened it is gone, and focus
 * must not drop to the page's body. Rendered after the tool inside its Suspense boundary, so it runs once the
 * tool's code has loaded and the tool is in the page.
 */
function FocusTheTool({ tool }: { tool: RefObject<HTMLDivElement | null> }) {
  useEffect(() => {
    const title = tool.current?.querySelector<HTMLElement>('h2');
    if (!title) return;
    if (!title.hasAttribute('tabindex')) title.tabIndex = -1;
    title.focus();
  }, [tool]);
  return null;
}

/** The marking tool, wired to the chart: saving, skipping and closing are the chart's events. */
export function OpenMarkingTool({ photoDataUrl }: { photoDataUrl: string }) {
  const send = useSend();
  const tool = useRef<HTMLDivElement>(null);
  const { isSavingMarking } = useKitchenView();
  const { marking, markingError } = useKitchenContext((context) => ({
    marking: context.photoMarking,
    markingError: context.markingError,
  }));
  return (
    <div ref={tool}>
      <Suspense
        fallback={
          <p className="upload__status" role="status">
            <span className="spinner" aria-hidden="true" />
            Opening the marking tool…
          </p>
        }
      >
        <MarkingTool
          photoDataUrl={photoDataUrl}
          isSaving={isSavingMarking}
          saveError={markingError}
          canSkip={marking !== 'marked'}
          onSave={(masks: SurfaceMaskFiles) => send({ type: 'MARKING.SAVE', masks })}
          onSkip={() => send({ type: 'MARKING.SKIP' })}
          onCancel={() => send({ type: 'MARKING.CANCEL' })}
        />
        <FocusTheTool tool={tool} />
      </Suspense>
    </div>
  );
}
