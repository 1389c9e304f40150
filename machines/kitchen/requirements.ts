// What each step needs before the user may leave it. The same rows decide whether Next is enabled (spec §4,
// §5 gating) and where a later step sends the user back to (the redirects), so the two cannot disagree.
import type { KitchenContext } from './context';
import { STEP_IDS, type StepId, stepNeedsMet, stepRow } from './steps';

/** Why Next is disabled on a step, in the user's words. */
export const STEP_BLOCKED_REASONS = Object.fromEntries(
  STEP_IDS.map((step) => [step, stepRow(step).blockedReason]),
) as Record<StepId, string>;

export const isStepComplete = (step: StepId, context: KitchenContext): boolean => stepNeedsMet(step, context);

/** The first step before `step` whose choice is missing: where a deep link to `step` is sent back to. */
export const firstIncompleteStepBefore = (step: StepId, context: KitchenContext): StepId | null =>
  STEP_IDS.slice(0, STEP_IDS.indexOf(step)).find((earlier) => !isStepComplete(earlier, context)) ?? null;

export const isConfigurationComplete = (context: KitchenContext): boolean =>
  STEP_IDS.every((step) => isStepComplete(step, context));
