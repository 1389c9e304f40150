// Every wizard step's state, built from its row by kind (DESIGN "The statechart"): no step's state is written
// by hand. A kind is its sub-states, its events and what it keeps, beside its actions and guards (photo-step.ts,
// catalogue-steps.ts, fixed-choice-step.ts); the frame (route meta, Next, Back, loads, Try again) is shared by
// all of them (step-frame.ts).
import { catalogueChoiceStep, groupedSwatchStep } from './catalogue-steps';
import { fixedChoiceStep } from './fixed-choice-step';
import { photoStep } from './photo-step';
import { STEP_IDS, type StepId, stepRow } from './steps';

const stateOfStep = (step: StepId) => {
  const row = stepRow(step);
  switch (row.kind) {
    case 'photo':
      return photoStep(step);
    case 'catalogue-choice':
      return catalogueChoiceStep({ ...row, id: step });
    case 'grouped-swatch':
      return groupedSwatchStep({ ...row, id: step });
    case 'fixed-choice':
      return fixedChoiceStep({ ...row, id: step });
  }
};

/** The wizard's states, one per row, in step order. */
export const wizardStepStates = () => Object.fromEntries(STEP_IDS.map((step) => [step, stateOfStep(step)]));
