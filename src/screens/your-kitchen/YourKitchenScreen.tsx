// /your-kitchen: the generation in progress, the review of all choices, a kitchen (the latest or one reopened
// from the history), the error screen, or an empty state.
import { useEffect, useRef } from 'react';
import { accountViewOf } from '../../../machines/kitchen/account-view';
import { STEP_IDS } from '../../../machines/kitchen/steps';
import { SiteHeader } from '../../components/SiteHeader';
import { KitchenActor } from '../../kitchen/kitchen-actor';
import { RouteLink } from '../../routing/RouteLink';
import '../../styles/screens.css';
import { useKitchenContext, useKitchenView } from '../../kitchen/use-kitchen';
import { ErrorScreen } from '../ErrorScreen';
import { EarlierKitchens } from './EarlierKitchens';
import { GenerationProgress } from './GenerationProgress';
import { ResultView, type ShownKitchen } from './ResultView';
import { ReviewChoices } from './ReviewChoices';
import { SaveKitchensCallout } from './SaveKitchensCallout';

/** The provider name of the offline photo result (`GENERATION_PROVIDER=local`, the default). */
const OFFLINE_PROVIDER = 'local';

/** No kitchen in this browser: its history when it has one (an account on a new device), else how to begin. */
function EmptyState({ refusal, hasHistory }: { refusal: string | null; hasHistory: boolean }) {
  return (
    <section className="empty-state" aria-labelledby="empty-title">
      <h2 id="empty-title">{hasHistory ? 'Open One of Your Kitchens' : 'Nothing Generated Yet'}</h2>
      {refusal ? (
        <>
          <p className="notice notice--warning" role="status">
            {refusal}
          </p>
          <RouteLink route="create-kitchen/kitchen-island" className="button button--secondary">
            Back to your choices
          </RouteLink>
        </>
      ) : (
        <>
          <p className="muted">
            {hasHistory ? 'Or design a new one' : 'Design your kitchen'} in {STEP_IDS.length} quick steps,
            then generate it here.
          </p>
          <RouteLink route="create-kitchen/upload-image" className="button button--primary">
            Start designing
          </RouteLink>
        </>
      )}
    </section>
  );
}

/**
 * Opening a kitchen of the history (or the latest again), or leaving the review, replaces the page's content
 * without a new address: focus the new content's title, never the page's body.
 */
function useFocusOnContentChange(shown: string) {
  const last = useRef(shown);
  useEffect(() => {
    if (last.current === shown) return;
    last.current = shown;
    document.getElementById(shown === 'review' ? 'review-title' : 'result-title')?.focus();
  }, [shown]);
}

export function YourKitchenScreen() {
  const { error, isRetrying, isGenerating, isReviewing, generationRefusal } = useKitchenView();
  const isGuest = KitchenActor.useSelector((snapshot) => accountViewOf(snapshot).status === 'guest');
  const { stage, before, after, remaining, retentionDays, provider, history, openedId } = useKitchenContext(
    (context) => ({
      stage: context.generationStage,
      before: context.inputImageDataUrl,
      after: context.lastGeneratedImageDataUrl,
      remaining: context.remainingGenerations,
      retentionDays: context.imageRetentionDays,
      provider: context.lastGenerationProvider,
      history: context.generationHistory,
      openedId: context.openedKitchenId,
    }),
  );
  useFocusOnContentChange(isReviewing ? 'review' : `kitchen:${openedId ?? 'latest'}`);
  const opened = history.find((generation) => generation.id === openedId);
  const kitchen: ShownKitchen | null = opened
    ? { kind: 'earlier', job: opened }
    : after !== null
      ? { kind: 'latest', before, after, job: history.find((generation) => generation.imageUrl === after) }
      : null;
  return (
    <>
      <SiteHeader />
      <main className="page your-kitchen">
        <h1 tabIndex={-1} data-route-heading>
          Your Kitchen
        </h1>
        {error !== null ? (
          <ErrorScreen message={error} isRetrying={isRetrying} />
        ) : isGenerating ? (
          <GenerationProgress stage={stage} />
        ) : isReviewing ? (
          <ReviewChoices refusal={generationRefusal} />
        ) : kitchen !== null ? (
          <ResultView
            key={kitchen.kind === 'earlier' ? kitchen.job.id : 'latest'}
            kitchen={kitchen}
            remaining={remaining}
            refusal={generationRefusal}
            retentionDays={retentionDays}
            isOfflineResult={provider === OFFLINE_PROVIDER}
            isGuest={isGuest}
            history={history}
          />
        ) : (
          <>
            <EmptyState refusal={generationRefusal} hasHistory={history.length > 0} />
            {/* An account signed in on a new browser: its kitchens, though none was made here. */}
            <EarlierKitchens generations={history} heading="Your Kitchens" />
          </>
        )}
        <SaveKitchensCallout hasKitchens={after !== null || history.length > 0} />
      </main>
    </>
  );
}
