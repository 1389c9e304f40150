// Coverage computed from the machine definition itself: every state node and every transition it declares
// (events, invoke completions and failures, delays, eventless redirects). A new state or transition is counted
// the moment it is written, so it cannot go untested.

import { expect } from 'vitest';
import {
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  createActor,
  type InputFrom,
  type InspectionEvent,
  type SnapshotFrom,
} from 'xstate';

/** The states entered and the transitions taken, by their declared names. */
export interface Coverage {
  states: Set<string>;
  transitions: Set<string>;
}

export interface DeclaredTransition {
  key: string;
  source: string;
  eventType: string;
  /** The ids of the states it targets (none for an action-only transition). */
  targets: string[];
}

const targetsOf = (transition: AnyTransitionDefinition): string[] =>
  (transition.target ?? []).map((target: AnyStateNode) => target.id);

export const allStateNodes = (machine: AnyStateMachine): AnyStateNode[] => {
  const nodes: AnyStateNode[] = [];
  const visit = (node: AnyStateNode) => {
    nodes.push(node);
    for (const child of Object.values(node.states) as AnyStateNode[]) visit(child);
  };
  visit(machine.root);
  return nodes;
};

/** A stable name for a transition: its source, its event and its place among that event's candidates. */
const keyOf = (node: AnyStateNode, eventType: string, index: number) =>
  `${node.id} | ${eventType || 'always'} #${index}`;

export const declaredTransitions = (machine: AnyStateMachine): DeclaredTransition[] =>
  allStateNodes(machine).flatMap((node) => {
    const onEvents = [...node.transitions.entries()].flatMap(([eventType, candidates]) =>
      candidates.map((transition, index) => ({
        key: keyOf(node, eventType, index),
        source: node.id,
        eventType,
        targets: targetsOf(transition),
      })),
    );
    const eventless = (node.always ?? []).map((transition, index) => ({
      key: keyOf(node, '', index),
      source: node.id,
      eventType: '',
      targets: targetsOf(transition),
    }));
    return [...onEvents, ...eventless];
  });

/** The declared name of a transition that was taken (found by identity among its source's candidates). */
export const keyOfTaken = (transition: AnyTransitionDefinition): string => {
  const node = transition.source;
  const always = node.always ?? [];
  const alwaysIndex = always.indexOf(transition);
  if (alwaysIndex >= 0) return keyOf(node, '', alwaysIndex);
  const candidates = node.transitions.get(transition.eventType) ?? [];
  return keyOf(node, transition.eventType, candidates.indexOf(transition));
};

/** Delayed events the machine declares, by the state that schedules them. */
export const declaredDelayedEvents = (machine: AnyStateMachine): Map<string, string[]> => {
  const bySource = new Map<string, string[]>();
  for (const node of allStateNodes(machine)) {
    const types = node.after.map((delayed: { eventType: string }) => delayed.eventType);
    if (types.length > 0) bySource.set(node.id, types);
  }
  return bySource;
};

/** Invoke ids the machine declares, by the state that invokes them. */
export const declaredInvokeIds = (machine: AnyStateMachine): string[] =>
  allStateNodes(machine).flatMap((node) => node.invoke.map((invoke: { id: string }) => invoke.id));

/**
 * A started actor of `machine` (from `snapshot` when given) that records every state it enters and every
 * transition it takes in `coverage`: what a replay of a path covers.
 */
export function recordingActor<Machine extends AnyStateMachine>(
  machine: Machine,
  input: InputFrom<Machine>,
  snapshot?: SnapshotFrom<Machine>,
) {
  const coverage: Coverage = { states: new Set(), transitions: new Set() };
  // A machine snapshot's active state nodes; its type says so only for a machine of known type.
  const record = (snapshot: unknown) => {
    for (const node of (snapshot as { _nodes: readonly AnyStateNode[] })._nodes) coverage.states.add(node.id);
  };
  const actor = createActor(machine, {
    input,
    snapshot: snapshot && machine.getPersistedSnapshot(snapshot),
    inspect: (inspection: InspectionEvent) => {
      if (inspection.type !== '@xstate.microstep' || inspection.actorRef.sessionId !== inspection.rootId)
        return;
      for (const transition of inspection._transitions) coverage.transitions.add(keyOfTaken(transition));
      record(inspection.snapshot);
    },
  });
  actor.start();
  record(actor.getSnapshot());
  return { actor, coverage };
}

/** What a coverage check says of what it lacks, and the heading of the tally it logs. */
export interface CoverageWords {
  readonly tally: string;
  readonly states: string;
  readonly transitions: string;
}

/** Logs how many of `states` and `transitions` `covered` holds, then fails on any it lacks. */
export function expectCovered(
  covered: Coverage,
  { states, transitions }: { states: readonly string[]; transitions: readonly string[] },
  words: CoverageWords,
): void {
  const missingStates = states.filter((id) => !covered.states.has(id));
  const missingTransitions = transitions.filter((key) => !covered.transitions.has(key));
  console.log(
    `${words.tally}: states ${states.length - missingStates.length}/${states.length}, ` +
      `transitions ${transitions.length - missingTransitions.length}/${transitions.length}`,
  );
  expect(missingStates, words.states).toEqual([]);
  expect(missingTransitions, words.transitions).toEqual([]);
}
