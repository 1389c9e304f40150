// The model-based suite (model-suite.ts) over the whole kitchen statechart: every state and transition it
// declares, each path checked step by step.
import { describeKitchenModel } from './model-suite';

describeKitchenModel();
