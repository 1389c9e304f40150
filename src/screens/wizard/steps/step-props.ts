import type { StepId } from '../../../../machines/kitchen/steps';

/** What the wizard shell hands every kind's screen. */
export interface StepProps {
  step: StepId;
  /** The step's catalogue lists are loading. */
  isLoading: boolean;
}
