// The order vitest hands out the run's files (CI time, issue 35, D113, D125). Vitest's own order runs the projects
// one after another by name, and within a project the longest first by its cache of the last run's times, which a
// clean clone does not have: there it goes by file size, a poor guess (a four-line file that runs a suite defined
// elsewhere went last, and with it a minute of planning alone at the end of the run). Here:
// - the Node files that need a fresh module graph, `node-isolated`, go first (D113). They share no worker with
//   anything (each file gets a fresh one), so moving them splits no run of files that share a worker's graph;
// - within each project the files go longest first by the times kept in `file-times.json` (written from a run's
//   report by `npm run test:times`; a file it does not list goes first, as vitest runs unknown files first), so
//   the run ends on short files, with both workers busy until then.
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { type FileTimes, readFileTimes } from '../../tooling/file-times';

/** The project whose files each need a worker of their own (vitest.config.ts). */
export const FRESH_GRAPH_PROJECT = 'node-isolated';

interface Ordered {
  /** Its path from the repository's root. */
  file: string;
  project: string;
}

/**
 * `files` in the order to run them: the fresh-graph project's first, then the projects in the order given; within
 * each, files `times` does not know first, then the longest first (ties keep the order given).
 */
export function inRunOrder<T extends Ordered>(files: readonly T[], times: FileTimes): T[] {
  const projects = [...new Set(files.map(({ project }) => project))].sort(
    (a, b) => Number(b === FRESH_GRAPH_PROJECT) - Number(a === FRESH_GRAPH_PROJECT),
  );
  const timeOf = ({ file }: T) => times[file] ?? Number.POSITIVE_INFINITY;
  const longerFirst = (a: T, b: T) => (timeOf(a) === timeOf(b) ? 0 : timeOf(a) > timeOf(b) ? -1 : 1);
  return projects.flatMap((project) => files.filter((spec) => spec.project === project).sort(longerFirst));
}

export default class LongestFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const ordered = sorted.map((spec) => ({
      spec,
      file: path.relative(spec.project.config.root, spec.moduleId).split(path.sep).join('/'),
      project: spec.project.name,
    }));
    return inRunOrder(ordered, readFileTimes()).map(({ spec }) => spec);
  }
}
