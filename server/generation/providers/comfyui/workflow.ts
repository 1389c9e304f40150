// The ComfyUI workflow the project ships (`workflow.json`, API format) or one the operator points to with
// `COMFYUI_WORKFLOW`. Inputs the server fills are written as placeholders (`"{{prompt}}"`), so an operator can
// swap models, samplers or add ControlNets without touching code, as long as the placeholders stay.
import { readFileSync } from 'node:fs';
import { z } from 'zod';
// Imported rather than read from beside this file, so the built server (one bundle in dist-server/) carries it.
import shippedInpaintWorkflow from './inpaint-workflow.json' with { type: 'json' };
import shippedWorkflow from './workflow.json' with { type: 'json' };

export interface WorkflowValues {
  photo: string;
  /** The uploaded mask of marked surfaces (white = paint), for the inpainting workflow. */
  mask?: string;
  prompt: string;
  negative_prompt: string;
  seed: number;
  denoise: number;
  checkpoint: string;
}

/** Which workflow: the whole photo redrawn, or only the marked surfaces painted (issue 22). */
export type WorkflowKind = 'redraw' | 'inpaint';

/** The placeholders a workflow must contain for the server to give it the photo, the prompt (and the mask). */
const REQUIRED_PLACEHOLDERS: Readonly<Record<WorkflowKind, readonly (keyof WorkflowValues)[]>> = {
  redraw: ['photo', 'prompt'],
  inpaint: ['photo', 'mask', 'prompt'],
};
const SHIPPED: Readonly<Record<WorkflowKind, unknown>> = {
  redraw: shippedWorkflow,
  inpaint: shippedInpaintWorkflow,
};

const nodeSchema = z.looseObject({ class_type: z.string(), inputs: z.record(z.string(), z.unknown()) });
const workflowSchema = z.record(z.string(), nodeSchema);
export type Workflow = z.infer<typeof workflowSchema>;

const placeholder = (name: string) => `{{${name}}}`;

/**
 * Reads and checks the operator's workflow file, or the shipped workflow when no file is given; a broken one
 * stops the server's start with the reason.
 */
export function loadWorkflow(file?: string, kind: WorkflowKind = 'redraw'): Workflow {
  const name = file ?? 'shipped with the server';
  let workflow: Workflow;
  try {
    workflow = workflowSchema.parse(file ? JSON.parse(readFileSync(file, 'utf8')) : SHIPPED[kind]);
  } catch (error) {
    throw new Error(`The ComfyUI workflow ${name} is not an API-format workflow: ${String(error)}`);
  }
  const text = JSON.stringify(workflow);
  const missing = REQUIRED_PLACEHOLDERS[kind].filter(
    (name) => !text.includes(JSON.stringify(placeholder(name))),
  );
  if (missing.length > 0) {
    throw new Error(`The ComfyUI workflow ${name} lacks the input ${missing.map(placeholder).join(', ')}.`);
  }
  return workflow;
}

/** A copy of the workflow with every input that is exactly a placeholder replaced by its value. */
export function fillWorkflow(workflow: Workflow, values: WorkflowValues): Workflow {
  const byPlaceholder = new Map<string, unknown>(
    Object.entries(values)
      .filter(([, value]) => value !== undefined)
      .map(([name, value]) => [placeholder(name), value]),
  );
  const filled: Workflow = {};
  for (const [id, node] of Object.entries(workflow)) {
    const inputs = Object.fromEntries(
      Object.entries(node.inputs).map(([name, value]) => [
        name,
        typeof value === 'string' && byPlaceholder.has(value) ? byPlaceholder.get(value) : value,
      ]),
    );
    filled[id] = { ...node, inputs };
  }
  return filled;
}
