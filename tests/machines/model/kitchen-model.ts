// The model of the kitchen statechart that paths are generated from: which states it tells apart and which
// events it sends from each. Kept apart from the test so it can be explored on its own.
import type { AnyEventObject } from 'xstate';
import { type AdjacencyValue, getAdjacencyMap, type StatePath } from 'xstate/graph';
import type { KitchenInput } from '../../../machines/kitchen/context';
import type { KitchenEvent } from '../../../machines/kitchen/events';
import { kitchenMachine } from '../../../machines/kitchen/machine';
import { isStepComplete } from '../../../machines/kitchen/requirements';
import { LAST_STEP, STEP_IDS } from '../../../machines/kitchen/steps';
import { type KitchenSnapshot, viewOf } from '../../../machines/kitchen/view';
import { actorCases } from './actor-cases';
import { eventCases } from './event-cases';
import type { Coverage } from './transition-coverage';
import { type DeclaredTransition, declaredDelayedEvents, declaredTransitions } from './transition-coverage';

export type ModelEvent = KitchenEvent | AnyEventObject;
export type KitchenPath = StatePath<KitchenSnapshot, KitchenEvent>;

export const DONE = 'xstate.done.actor.';
export const ERROR = 'xstate.error.actor.';

const remainingBucket = (remaining: number | null) =>
  remaining === null ? 'unknown' : remaining > 0 ? 'some' : 'none';

/**
 * The states the model tells apart: the state value, the first step whose choice is missing (which decides
 * every gate and redirect), and only those other facts the guards of the screen on show read.
 */
export const abstractKey = (snapshot: KitchenSnapshot): string => {
  const { context } = snapshot;
  const view = viewOf(snapshot);
  const step = view.step?.id ?? null;
  // The generation gate matters only where Generate is offered; elsewhere it would double every state.
  const { generationGate, myData, account, ...value } = snapshot.value as Record<string, unknown>;
  const facts: unknown[] = [value, STEP_IDS.find((id) => !isStepComplete(id, context)) ?? 'complete'];
  // Likewise the delete controls matter only on the privacy page that shows them.
  if (view.route === 'privacy') facts.push(myData);
  if (step === 'upload-image') {
    facts.push(
      context.moderationPassed,
      context.inputImageDataUrl !== null,
      Object.keys(context.moderationCache).length,
      context.inputImageId !== null,
      context.photoMarking,
      context.markingError !== null,
    );
  }
  // Changing one thing decides where Next leads (the review); the review itself is in the state value.
  if (step !== null) facts.push(context.changingOneThing);
  if (step === 'handles') facts.push(context.direction);
  if (step === 'frontal-color') facts.push(context.frontals.colorGroup !== null);
  if (step === 'material-color') facts.push(context.worktops.colourGroup !== null);
  // Likewise the account: its buttons are pressed on home and the result page only (event-cases.ts), and the
  // privacy page's deletion ends it.
  if (view.route === 'home' || view.route === 'your-kitchen' || view.route === 'privacy') facts.push(account);
  if (view.route === 'your-kitchen') facts.push(context.openedKitchenId !== null);
  if (step === LAST_STEP || view.route === 'your-kitchen') {
    facts.push(remainingBucket(context.remainingGenerations), context.emptyRoomId !== null);
    facts.push(context.lastGeneratedImageDataUrl !== null, generationGate);
  }
  return JSON.stringify(facts);
};

const delayedEventsBySource = declaredDelayedEvents(kitchenMachine);

const BUSY_TAGS = ['loading', 'processingImage', 'moderating', 'generating', 'savingMarking'] as const;

/** Every event worth sending from a snapshot: the user's, the invoked calls' endings, the due delays. */
export const eventsFrom = (snapshot: KitchenSnapshot): ModelEvent[] => {
  const callEndings = Object.keys(snapshot.children).flatMap((id) => {
    const actorCase = actorCases[id];
    if (!actorCase) return [];
    return [
      ...actorCase.outputs.map((output) => ({ type: `${DONE}${id}`, output, actorId: id })),
      { type: `${ERROR}${id}`, error: actorCase.error, actorId: id },
      ...('refusal' in actorCase ? [{ type: `${ERROR}${id}`, error: actorCase.refusal, actorId: id }] : []),
    ];
  });
  // The visitor is authorised (or not) before anything else: the order of the two does not matter to the app.
  if (snapshot.matches({ session: 'authorizing' })) return callEndings;
  const busy = BUSY_TAGS.some((tag) => snapshot.hasTag(tag));
  const userEvents = Object.entries(eventCases).flatMap(([type, eventCase]) =>
    // While a call is under way the model lets it end before the user navigates elsewhere.
    busy && type === 'NAVIGATE'
      ? []
      : (eventCase.samples as (s: KitchenSnapshot) => KitchenEvent[])(snapshot),
  );
  const dueDelays = snapshot._nodes.flatMap((node) =>
    (delayedEventsBySource.get(node.id) ?? []).map((type) => ({ type })),
  );
  return [...callEndings, ...userEvents, ...dueDelays];
};

const traversal = (input: KitchenInput) => ({
  input,
  events: eventsFrom as (snapshot: KitchenSnapshot) => KitchenEvent[],
  serializeState: abstractKey,
});

/** Keyed by `abstractKey` (xstate/graph brands its keys, which plain lookups by key do not need). */
type KitchenAdjacency = Record<string, AdjacencyValue<KitchenSnapshot, KitchenEvent>>;

/** Every state the model tells apart, with the events it sends from each and where each leads. */
const adjacencyOf = (input: KitchenInput): KitchenAdjacency =>
  getAdjacencyMap(kitchenMachine, traversal(input)) as KitchenAdjacency;

/**
 * The shortest path to every state of `adjacency`, in the order a breadth-first search from its first state finds
 * them, shaped as xstate/graph's `getShortestPaths` shapes them (the first step is `xstate.init`, each step the
 * state its event led to). Read from the map the suite needs anyway (CI time, issue 35): `getShortestPaths`
 * explores the whole model again for a map of its own, as costly as the map itself (3 s of CPU for the signed-in
 * journey). Each state is the map's own, reached from the one before by the step's event.
 */
function shortestPathsOf(adjacency: KitchenAdjacency): KitchenPath[] {
  const [first] = Object.values(adjacency);
  if (first === undefined) return [];
  const init = { type: 'xstate.init' } as unknown as KitchenEvent;
  // Every edge weighs one, so the first path found to a state in breadth-first order is a shortest.
  const stepsTo = new Map([[abstractKey(first.state), [{ state: first.state, event: init }]]]);
  for (const [key, steps] of stepsTo) {
    for (const { event, state } of Object.values(adjacency[key]?.transitions ?? {})) {
      const reached = abstractKey(state);
      if (!stepsTo.has(reached)) stepsTo.set(reached, [...steps, { state, event }]);
    }
  }
  return [...stepsTo.values()].map((steps) => ({
    state: (steps.at(-1) ?? { state: first.state }).state,
    steps,
    weight: steps.length - 1,
  }));
}

/** The shortest path to every state the model tells apart. */
export const shortestPaths = (input: KitchenInput): KitchenPath[] => shortestPathsOf(adjacencyOf(input));

export type { Coverage };

/** The paths that cover every transition, and for each path `run` was not given, the longer one that holds it. */
export interface CoveringPaths {
  paths: KitchenPath[];
  /**
   * Each shortest path that is the start of a longer one, and a longest path it starts (one `run` was given):
   * running that one goes through every step of it, so it is not run again on its own (CI time, issue 35, D126).
   */
  within: Map<KitchenPath, KitchenPath>;
}

/**
 * The shortest paths that no other starts (the tree's leaves), and for every other path a leaf it starts. The
 * paths share their steps (`shortestPathsOf` builds each from the one before it), so a path starts another when
 * its last step is one of the other's.
 */
function leavesOf(paths: KitchenPath[]): CoveringPaths {
  const endingAt = new Map(paths.map((path) => [path.steps.at(-1), path]));
  const inner = new Set<KitchenPath>();
  for (const path of paths) {
    for (const step of path.steps.slice(0, -1)) {
      const start = endingAt.get(step);
      if (start) inner.add(start);
    }
  }
  const leaves = paths.filter((path) => !inner.has(path));
  const within = new Map<KitchenPath, KitchenPath>();
  for (const leaf of leaves) {
    for (const step of leaf.steps.slice(0, -1)) {
      const start = endingAt.get(step);
      if (start && !within.has(start)) within.set(start, leaf);
    }
  }
  return { paths: leaves, within };
}

/**
 * Shortest paths reach every state but not every transition: an edge into a state already reached by a shorter
 * path is left out. For each transition still untaken after `run`ning the given paths, this adds the shortest
 * path to a state where the transition can fire, followed by that one edge. Of the shortest paths, only those
 * no other starts are run; `within` names the one that runs each of the others.
 */
export function pathsCoveringEveryTransition(
  input: KitchenInput,
  run: (path: KitchenPath) => Coverage,
  transitionsOfEdge: (from: KitchenSnapshot, event: KitchenEvent) => Set<string>,
  /** Transitions earlier journeys already take: not searched for again. */
  taken: Set<string>,
  /**
   * Which paths to walk and which transitions to search paths for (by default all): a suite answering for part
   * of the chart walks only the shortest paths through that part, and looks for paths to its transitions only.
   */
  scope: { path: (path: KitchenPath) => boolean; transition: (transition: DeclaredTransition) => boolean } = {
    path: () => true,
    transition: () => true,
  },
): CoveringPaths {
  const adjacency = adjacencyOf(input);
  const paths = shortestPathsOf(adjacency).filter(scope.path);
  const takeAll = (path: KitchenPath) => {
    for (const key of run(path).transitions) taken.add(key);
  };
  const { paths: leaves, within } = leavesOf(paths);
  leaves.forEach(takeAll);

  const byLength = [...paths].sort((a, b) => a.steps.length - b.steps.length);
  const isActive = (snapshot: KitchenSnapshot, ids: string[]) =>
    snapshot._nodes.some((node) => ids.includes(node.id));

  for (const transition of declaredTransitions(kitchenMachine)) {
    if (taken.has(transition.key) || !scope.transition(transition)) continue;
    const eventless = transition.eventType === '';
    for (const path of byLength) {
      // An event's transition fires from a state where its source is active; an eventless one may follow any
      // event, so look at the edges that end in (or pass through to) its target.
      if (!eventless && !isActive(path.state, [transition.source])) continue;
      const candidates = Object.values(adjacency[abstractKey(path.state)]?.transitions ?? {}).filter(
        ({ event, state }) =>
          eventless ? isActive(state, transition.targets) : event.type === transition.eventType,
      );
      const edge = candidates.find(({ event }) => transitionsOfEdge(path.state, event).has(transition.key));
      if (edge) {
        const extended: KitchenPath = { ...path, state: edge.state, steps: [...path.steps, edge] };
        paths.push(extended);
        takeAll(extended);
        break;
      }
    }
  }
  return { paths, within };
}
