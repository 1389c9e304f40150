// One function from a snapshot to what the screen needs: the route and its path, the step and progress, whether
// Next may be pressed and why not. Screens read this; they never inspect state values themselves.
import type { SnapshotFrom } from 'xstate';
import type { KitchenMachine } from './machine';
import { isConfigurationComplete, isStepComplete, STEP_BLOCKED_REASONS } from './requirements';
import { pathOfRoute, type RouteId } from './routes';
import { nextStepOf, previousStepOf, type StepMeta, stepProgress } from './steps';

export type KitchenSnapshot = SnapshotFrom<KitchenMachine>;

interface RouteMeta {
  route?: RouteId;
  step?: StepMeta;
}

export interface KitchenView {
  route: RouteId;
  /** The address the bar should show; Not Found keeps the one that was asked for (null). */
  path: string | null;
  navigation: 'push' | 'replace';
  /** The wizard step on screen, or null outside the wizard. */
  step: StepMeta | null;
  /** (index + 1) / the number of steps, as a percentage, on wizard steps. */
  progress: number | null;
  canGoBack: boolean;
  canGoNext: boolean;
  /** Why Next is disabled, in the user's words; null when it is enabled. */
  nextBlockedReason: string | null;
  isLoading: boolean;
  /** The error screen's message, while it is shown. */
  error: string | null;
  isRetrying: boolean;
  isProcessingImage: boolean;
  isModerating: boolean;
  isGenerating: boolean;
  /** The marking tool is open on the photo step (issue 22). */
  isMarking: boolean;
  /** Its masks are being stored with the photo. */
  isSavingMarking: boolean;
  /** The service's message while it refuses new generations (Generate waits); null otherwise. */
  generationRefusal: string | null;
  /** The side-by-side view of the result page (issue 16): closed, loading its kitchens, showing, or failed. */
  comparison: ComparisonView;
  /** The review of all choices with Generate is on screen (issue 25). */
  isReviewing: boolean;
  /** Next on this step returns to the review (changing one thing, every choice made) rather than moving on. */
  nextReturnsToReview: boolean;
}

export type ComparisonView = 'closed' | 'loading' | 'showing' | 'failed';

const COMPARISON_VIEWS = ['loading', 'showing', 'failed'] as const;

const comparisonOf = (snapshot: KitchenSnapshot): ComparisonView =>
  COMPARISON_VIEWS.find((state) =>
    snapshot.matches({ routes: { 'your-kitchen': { result: { comparing: state } } } }),
  ) ?? 'closed';

/** The deepest active state's route meta. */
const routeMetaOf = (snapshot: KitchenSnapshot): RouteMeta => {
  const metas = Object.values(snapshot.getMeta()) as RouteMeta[];
  return metas.filter((meta) => meta.route !== undefined).at(-1) ?? { route: 'home' };
};

export const viewOf = (snapshot: KitchenSnapshot): KitchenView => {
  const { route = 'home', step = null } = routeMetaOf(snapshot);
  const { context } = snapshot;
  const isLastStep = step !== null && nextStepOf(step.id) === null;
  const complete = step !== null && isStepComplete(step.id, context);
  const hasError = snapshot.hasTag('error');
  return {
    route,
    path: route === 'not-found' ? null : pathOfRoute(route),
    navigation: context.navigation,
    step,
    progress: step ? stepProgress(step.id) : null,
    canGoBack: step !== null && previousStepOf(step.id) !== null,
    canGoNext: step !== null && !isLastStep && complete,
    nextBlockedReason: step !== null && !complete ? STEP_BLOCKED_REASONS[step.id] : null,
    isLoading: snapshot.hasTag('loading'),
    error: hasError ? context.error : null,
    isRetrying: snapshot.hasTag('retrying'),
    isProcessingImage: snapshot.hasTag('processingImage'),
    isModerating: snapshot.hasTag('moderating'),
    isGenerating: snapshot.hasTag('generating'),
    isMarking: snapshot.hasTag('marking'),
    isSavingMarking: snapshot.hasTag('savingMarking'),
    generationRefusal: snapshot.matches({ generationGate: 'refused' })
      ? (context.generationRefusal?.message ?? null)
      : null,
    comparison: comparisonOf(snapshot),
    isReviewing: snapshot.matches({ routes: { 'your-kitchen': 'reviewing' } }),
    nextReturnsToReview:
      step !== null && !isLastStep && context.changingOneThing && isConfigurationComplete(context),
  };
};
