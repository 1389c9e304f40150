// Turns the kitchen statechart's definition into a Mermaid state diagram, for docs/statechart.md.
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';

const idOf = (node: AnyStateNode) => node.id.replace(/[^A-Za-z0-9]/g, '_');

const guardName = (transition: AnyTransitionDefinition): string => {
  const { guard } = transition;
  if (!guard) return '';
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'object' && 'type' in guard) {
    const { type, params } = guard as { type: string; params?: Record<string, unknown> };
    const param = params && typeof params === 'object' ? Object.values(params).join(', ') : '';
    return param ? `${type}(${param})` : type;
  }
  return 'guarded';
};

/** A readable event name: "after retryDelay" for delays, "done loadFinishes" for invoke completions. */
const eventName = (eventType: string): string => {
  if (eventType === '') return 'always';
  const after = eventType.match(/^xstate\.after\.([^.]+)\./);
  if (after) return `after ${after[1]}`;
  const actor = eventType.match(/^xstate\.(done|error)\.actor\.(.+)$/);
  if (actor) return `${actor[1]} ${actor[2]}`;
  return eventType;
};

function transitionLines(node: AnyStateNode, indent: string): string[] {
  const all: Array<[string, AnyTransitionDefinition]> = [
    ...[...node.transitions.entries()].flatMap(([eventType, list]) =>
      list.map((transition): [string, AnyTransitionDefinition] => [eventType, transition]),
    ),
    ...(node.always ?? []).map((transition: AnyTransitionDefinition): [string, AnyTransitionDefinition] => [
      '',
      transition,
    ]),
  ];
  return all.flatMap(([eventType, transition]) =>
    (transition.target ?? []).map((target: AnyStateNode) => {
      const guard = guardName(transition);
      const label = guard ? `${eventName(eventType)} [${guard}]` : eventName(eventType);
      return `${indent}${idOf(node)} --> ${idOf(target)} : ${label.replace(/:/g, ' ')}`;
    }),
  );
}

function stateLines(node: AnyStateNode, indent: string): string[] {
  const children = Object.values(node.states) as AnyStateNode[];
  const lines = [`${indent}state "${node.key}" as ${idOf(node)}`];
  if (children.length === 0) return lines;
  const inner = `${indent}  `;
  const body: string[] = [];
  children.forEach((child, index) => {
    if (node.type === 'parallel' && index > 0) body.push(`${inner}--`);
    body.push(...stateLines(child, inner));
  });
  if (node.type !== 'parallel' && node.initial?.target?.[0]) {
    body.push(`${inner}[*] --> ${idOf(node.initial.target[0])}`);
  }
  return [`${indent}state ${idOf(node)} {`, ...body, `${indent}}`, ...lines];
}

function allNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...(Object.values(node.states) as AnyStateNode[]).flatMap(allNodes)];
}

export function toMermaid(machine: AnyStateMachine): string {
  const root = machine.root;
  // The root is drawn as a composite state too: Mermaid only allows region separators (--) inside one.
  const states = stateLines(root, '  ');
  const transitions = allNodes(root).flatMap((node) => transitionLines(node, '  '));
  return ['stateDiagram-v2', ...states, ...transitions].join('\n');
}

export function statechartDocument(machine: AnyStateMachine): string {
  return `# The kitchen statechart

Generated from \`machines/kitchen/machine.ts\` by \`npm run chart\`; a test fails when this file is out of date.
Every state and transition below is covered by the model-based tests (\`tests/machines/model/\`). To see it live,
run \`npm run dev\` and open the app with \`?inspect\`: the Stately inspector attaches.

\`\`\`mermaid
${toMermaid(machine)}
\`\`\`
`;
}
