// The order vitest hands out the run's files (CI time, issue 35, D113). Vitest's own order runs the projects one
// after another by name, and within a project the longest first (the largest file first on a clean clone, which
// has no timings yet): the Node files that need a fresh module graph, `node-isolated`, came last, and among them the
// benchmark harnesses and the model-based suite's second run (added-step), 20-40 s each, so the run ended with one
// worker busy and the others idle. Here those files go first. They share no worker with anything (each file gets a
// fresh one), so moving them splits no run of files that share a worker's module graph; every other file keeps
// vitest's order.
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** The project whose files each need a worker of their own (vitest.config.ts). */
export const FRESH_GRAPH_PROJECT = 'node-isolated';

export default class FreshGraphFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const first = (spec: TestSpecification) => spec.project.name === FRESH_GRAPH_PROJECT;
    return [...sorted.filter(first), ...sorted.filter((spec) => !first(spec))];
  }
}
