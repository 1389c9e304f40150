// /your-kitchen: the generation in progress, its result, the error screen, or an empty state.
import { STEP_IDS } from '../../../machines/kitchen/steps';
import { SiteHeader } from '../../components/SiteHeader';
import { RouteLink } from '../../routing/RouteLink';
import '../../styles/screens.css';
import { useKitchenContext, useKitchenView } from '../../kitchen/use-kitchen';
import { ErrorScreen } from '../ErrorScreen';
import { GenerationProgress } from './GenerationProgress';
import { EarlierKitchens, ResultView } from './ResultView';
import { SaveKitchensCallout } from './SaveKitchensCallout';
import { UnmarkedPhotoNote } from './UnmarkedPhotoNote';

/** The provider name of the offline concept renderer (`GENERATION_PROVIDER=local`, the default). */
const CONCEPT_RENDER_PROVIDER = 'local';

function EmptyState({ refusal }: { refusal: string | null }) {
  return (
    <section className="empty-state" aria-labelledby="empty-title">
      <h2 id="empty-title">Nothing generated yet</h2>
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
            Design your kitchen in {STEP_IDS.length} quick steps, then generate it here.
          </p>
          <RouteLink route="create-kitchen/upload-image" className="button button--primary">
            Start designing
          </RouteLink>
        </>
      )}
    </section>
  );
}

export function YourKitchenScreen() {
  const { error, isRetrying, isGenerating, generationRefusal } = useKitchenView();
  const { stage, before, after, remaining, retentionDays, provider, history } = useKitchenContext(
    (context) => ({
      stage: context.generationStage,
      before: context.inputImageDataUrl,
      after: context.lastGeneratedImageDataUrl,
      remaining: context.remainingGenerations,
      retentionDays: context.imageRetentionDays,
      provider: context.lastGenerationProvider,
      history: context.generationHistory,
    }),
  );
  return (
    <>
      <SiteHeader />
      <main className="page your-kitchen">
        <h1 tabIndex={-1} data-route-heading>
          Your kitchen
        </h1>
        {error !== null ? (
          <ErrorScreen message={error} isRetrying={isRetrying} />
        ) : isGenerating ? (
          <GenerationProgress stage={stage} />
        ) : after !== null ? (
          <>
            <UnmarkedPhotoNote />
            <ResultView
              before={before}
              after={after}
              remaining={remaining}
              refusal={generationRefusal}
              retentionDays={retentionDays}
              isConceptRender={provider === CONCEPT_RENDER_PROVIDER}
              earlier={history.filter((generation) => generation.imageUrl !== after)}
              current={history.find((generation) => generation.imageUrl === after)}
            />
          </>
        ) : (
          <>
            <EmptyState refusal={generationRefusal} />
            {/* An account signed in on a new browser: its kitchens, though none was made here. */}
            {history.length > 0 && <EarlierKitchens generations={history} />}
          </>
        )}
        <SaveKitchensCallout hasKitchens={after !== null || history.length > 0} />
      </main>
    </>
  );
}
