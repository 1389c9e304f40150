/** What the wizard shell hands every step's content. */
export interface StepProps {
  /** The step's catalogue lists are loading. */
  isLoading: boolean;
}
