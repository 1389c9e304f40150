// The walks of the UI-path suite, planned from the UI model (ui-model.ts). Its states are explored breadth first
// with the machine's own `transition`, as xstate/graph's adjacency map does, but only as far as the planner's
// searches reach, and each edge keeps the machine's transitions it takes (read from the microsteps of that one
// transition), so no edge is replayed on an actor of its own. Planning stops once every transition the suite
// walks is taken. Planning takes most of a minute, so the walks are kept in planned-walks.json and checked rather
// than trusted: replayed through the UI model, each step must be one the model offers at that point, or all are
// planned afresh; whatever transition they leave untaken is planned on top; either way the file is written again.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type ActorScope, type AnyTransitionDefinition, createActor, type InspectionEvent } from 'xstate';
import type { KitchenInput } from '../../../machines/kitchen/context';
import type { KitchenEvent } from '../../../machines/kitchen/events';
import { kitchenMachine } from '../../../machines/kitchen/machine';
import type { KitchenSnapshot } from '../../../machines/kitchen/view';
import { declaredTransitions, keyOfTaken } from '../../machines/model/transition-coverage';
import type { ServerOracle } from './server-oracle';
import {
  describeEvent,
  mirrorMachine,
  replayCoverage,
  type UiEvent,
  type UiPath,
  uiEventsFrom,
  uiKey,
  walkedHere,
} from './ui-model';

/**
 * An event from a state of the graph. States and transitions are numbered (a graph of the whole UI holds
 * hundreds of thousands of edges), and only the states keep their snapshot.
 */
interface UiEdge {
  event: UiEvent;
  /** The state it leads to. */
  next: number;
  /** The machine's transitions it takes. */
  takes: number[];
}

/**
 * Transitions snapshots as xstate/graph does (an actor that is never started: no call runs, no timer is set),
 * and hands over the transitions each one took, which the machine reports as inspection events of its microsteps.
 */
function recordingTransitions(input: KitchenInput) {
  let taken: AnyTransitionDefinition[] = [];
  const self = createActor(mirrorMachine, {
    input,
    inspect: (inspection: InspectionEvent) => {
      if (inspection.type === '@xstate.microstep' && inspection.actorRef === self) {
        taken.push(...inspection._transitions);
      }
    },
  });
  const scope: ActorScope<KitchenSnapshot, KitchenEvent> = {
    self,
    id: self.id,
    sessionId: self.sessionId,
    system: self.system,
    logger: () => {},
    defer: () => {},
    emit: () => {},
    stopChild: () => {},
    actionExecutor: () => {},
  };
  return {
    initial: () => mirrorMachine.getInitialSnapshot(scope, input),
    transition(from: KitchenSnapshot, event: UiEvent) {
      taken = [];
      const state = mirrorMachine.transition(from, event as KitchenEvent, scope);
      return { state, taken };
    },
  };
}

/**
 * The UI model's graph, built as the planner's searches reach it: each state (the first snapshot found with its
 * key) has its edges worked out the first time a search leaves it, after the server's answers it needs are
 * fetched. States and transitions are numbered: a graph of the whole UI holds hundreds of thousands of edges.
 */
class UiGraph {
  /** The states found so far, the start first. */
  private readonly states: KitchenSnapshot[] = [];
  private readonly stateNumbers = new Map<string, number>();
  private readonly edges: Array<UiEdge[] | undefined> = [];
  /** The names of the transitions taken so far (`keyOfTaken`), by number. */
  readonly transitions: string[] = [];
  private readonly transitionNumbers = new Map<AnyTransitionDefinition, number>();
  private readonly machine: ReturnType<typeof recordingTransitions>;

  constructor(
    input: KitchenInput,
    private readonly oracle: ServerOracle,
  ) {
    this.machine = recordingTransitions(input);
    this.numberOfState(this.machine.initial());
  }

  /** The edges from a state, if worked out already. */
  edgesKnown(from: number): UiEdge[] | undefined {
    return this.edges[from];
  }

  /** Works out the edges from a state. */
  async edgesFrom(from: number): Promise<UiEdge[]> {
    const state = this.states[from] as KitchenSnapshot;
    let events = uiEventsFrom(state, this.oracle);
    while (this.oracle.hasMissing) {
      await this.oracle.fetchMissing();
      events = uiEventsFrom(state, this.oracle);
    }
    const edges = events.map((event) => {
      const { state: next, taken } = this.machine.transition(state, event);
      return { event, next: this.numberOfState(next), takes: taken.map((t) => this.numberOfTransition(t)) };
    });
    this.edges[from] = edges;
    return edges;
  }

  private numberOfState(state: KitchenSnapshot): number {
    const key = uiKey(state);
    let number = this.stateNumbers.get(key);
    if (number === undefined) {
      number = this.states.push(state) - 1;
      this.stateNumbers.set(key, number);
    }
    return number;
  }

  private numberOfTransition(transition: AnyTransitionDefinition): number {
    let number = this.transitionNumbers.get(transition);
    if (number === undefined) {
      number = this.transitions.push(keyOfTaken(transition)) - 1;
      this.transitionNumbers.set(transition, number);
    }
    return number;
  }
}

/**
 * How many UI steps a path may have before a new one starts from a fresh browser profile. Each new walk walks the
 * wizard again to where the untaken transitions are: 60 gave 14 walks of 620 steps, 150 gives 8 of 447, the same
 * transitions and states taken (CI time, issue 35, D141).
 */
const MAX_PATH_EVENTS = 150;

/**
 * A walk as planned-walks.json keeps it: each step as the place of its event among those the UI model offers at
 * that point, and the event's description, which must still match (and makes the file readable).
 */
export type StoredWalk = Array<[index: number, description: string]>;

/** How the walks were had, for the log. */
export interface PlannedWalks {
  paths: UiPath[];
  stored: StoredWalk[];
  /** Whether any walk was planned afresh (stored walks missing, no longer valid, or leaving a transition). */
  afresh: boolean;
}

/**
 * Walks that together take every transition the UI model can take, beyond those in `taken` (which gains the
 * walks' transitions): the stored walks when every step of them is still valid, and walks planned afresh for
 * whatever they leave untaken (nothing, unless the chart or the UI model changed).
 */
export async function plannedUiPaths(
  input: KitchenInput,
  oracle: ServerOracle,
  taken: Set<string>,
  stored: StoredWalk[] | undefined,
): Promise<PlannedWalks> {
  const graph = new UiGraph(input, oracle);
  for (const transition of replayCoverage([], input).transitions) taken.add(transition);
  const replayed = (stored && (await replayedWalks(graph, stored, taken))) ?? [];
  const untaken = new Set(
    declaredTransitions(kitchenMachine)
      .map(({ key }) => key)
      .filter((key) => walkedHere(key) && !taken.has(key)),
  );
  const planned = await planWalks(graph, untaken, taken);
  const walks = [...replayed, ...planned];
  return {
    paths: walks.map(({ path }) => path),
    stored: walks.map(({ stored }) => stored),
    afresh: replayed.length === 0 || planned.length > 0,
  };
}

/** A walk planned now or replayed: its steps, and how it is stored. */
interface Walk {
  path: UiPath;
  stored: StoredWalk;
}

/**
 * The stored walks, if each of their steps is one the UI model offers at that point (their transitions then
 * join `taken`); null otherwise.
 */
async function replayedWalks(
  graph: UiGraph,
  stored: StoredWalk[],
  taken: Set<string>,
): Promise<Walk[] | null> {
  const takes = new Set<string>();
  const walks: Walk[] = [];
  for (const walk of stored) {
    let here = 0;
    const steps: UiPath['steps'] = [];
    for (const [index, description] of walk) {
      const edge = (graph.edgesKnown(here) ?? (await graph.edgesFrom(here)))[index];
      if (!edge || describeEvent(edge.event) !== description) return null;
      steps.push({ event: edge.event });
      for (const transition of edge.takes) takes.add(graph.transitions[transition] as string);
      here = edge.next;
    }
    walks.push({ path: { steps }, stored: walk });
  }
  for (const transition of takes) taken.add(transition);
  return walks;
}

/**
 * Plans walks that together take every transition in `untaken`, adding them to `taken`. Each walk starts at the
 * app's first screen and goes, breadth first, to the nearest edge that takes a transition not taken yet, then on
 * from there, until it is long enough or nothing is left within reach. Planning stops once every transition the
 * suite walks is taken; only a transition the UI cannot reach makes it search the whole graph.
 */
async function planWalks(graph: UiGraph, untaken: Set<string>, taken: Set<string>): Promise<Walk[]> {
  const walks: Walk[] = [];
  while (untaken.size > 0) {
    const steps: UiPath['steps'] = [];
    const stored: StoredWalk = [];
    let here = 0;
    while (untaken.size > 0 && steps.length < MAX_PATH_EVENTS) {
      const route = await nearestUntaken(graph, here, taken);
      if (!route) break;
      for (const { event, index } of route.edges) {
        steps.push({ event });
        stored.push([index, describeEvent(event)]);
      }
      for (const transition of route.takes) {
        taken.add(transition);
        untaken.delete(transition);
      }
      here = route.end;
    }
    if (steps.length === 0) break;
    walks.push({ path: { steps }, stored });
  }
  return walks;
}

/** An edge a walk takes: its event, and its place among the edges from its state. */
interface TakenEdge {
  event: UiEvent;
  index: number;
}

/** Breadth first from state `start` to the first edge that takes a transition not yet taken. */
async function nearestUntaken(
  graph: UiGraph,
  start: number,
  taken: Set<string>,
): Promise<{ edges: TakenEdge[]; takes: string[]; end: number } | null> {
  const cameFrom = new Map<number, ({ previous: number } & TakenEdge) | null>([[start, null]]);
  const queue = [start];
  const edgesTo = (state: number) => {
    const edges: TakenEdge[] = [];
    for (let at = cameFrom.get(state); at; at = cameFrom.get(at.previous)) edges.unshift(at);
    return edges;
  };
  for (let index = 0; index < queue.length; index += 1) {
    const state = queue[index] as number;
    for (const [place, edge] of (graph.edgesKnown(state) ?? (await graph.edgesFrom(state))).entries()) {
      if (edge.takes.some((transition) => !taken.has(graph.transitions[transition] as string))) {
        const takes = edge.takes.map((transition) => graph.transitions[transition] as string);
        return { edges: [...edgesTo(state), { event: edge.event, index: place }], takes, end: edge.next };
      }
      if (!cameFrom.has(edge.next)) {
        cameFrom.set(edge.next, { previous: state, event: edge.event, index: place });
        queue.push(edge.next);
      }
    }
  }
  return null;
}

/** Where the planned walks are kept, by journey. */
const STORED_WALKS = fileURLToPath(new URL('planned-walks.json', import.meta.url));

/** The stored walks by journey; none when the file is missing or unreadable (they are then planned afresh). */
export function readStoredWalks(): Record<string, StoredWalk[]> {
  try {
    return JSON.parse(readFileSync(STORED_WALKS, 'utf8')) as Record<string, StoredWalk[]>;
  } catch {
    return {};
  }
}

/** Keeps the walks, one step a line so that a change to them reads as a diff of steps. */
export function writeStoredWalks(walks: Record<string, StoredWalk[]>): void {
  const journeys = Object.entries(walks).map(
    ([name, list]) =>
      `  ${JSON.stringify(name)}: [\n${list
        .map(
          (walk) =>
            `    [\n${walk.map((step) => `      [${step[0]}, ${JSON.stringify(step[1])}]`).join(',\n')}\n    ]`,
        )
        .join(',\n')}\n  ]`,
  );
  writeFileSync(STORED_WALKS, `{\n${journeys.join(',\n')}\n}\n`);
}
