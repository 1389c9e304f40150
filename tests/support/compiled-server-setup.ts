// Compiles the server once for the whole run, as `npm run build` does (tooling/compiled-server.ts), and hands its
// place to every test file: the tests that start the server as its own process run it compiled, as `npm start`
// does, instead of compiling its TypeScript with tsx at every start (CI time, issue 35, D151). The projects that
// ask for it share one compile (their global setups run in the same process), kept while the build's inputs hash
// as they did, so in watch mode a rerun after a change starts the changed server.
import type { TestProject } from 'vitest/node';
import { hashBuildInputs } from '../../scripts/build-stamp';
import { type CompiledServer, compileServerAside } from '../../tooling/compiled-server';
import { repoRoot } from '../../tooling/paths';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's compiled server (`dist-server/` as `npm run build` makes it): `node <mainJs>` starts it. */
    compiledServer: { mainJs: string; dir: string };
  }
}

interface Shared {
  compiled: CompiledServer;
  inputsHash: string;
  projects: number;
}

const KEY = Symbol.for('kitchen-reimagined:compiled-server');
const shared = globalThis as { [KEY]?: Shared };

/** The compile of the sources as they are now: the one made already, unless a build input changed since. */
function currentCompile(): Shared {
  const inputsHash = hashBuildInputs(repoRoot);
  const made = shared[KEY];
  if (made?.inputsHash === inputsHash) return made;
  const compiled = compileServerAside();
  made?.compiled.remove();
  const current = { compiled, inputsHash, projects: made?.projects ?? 0 };
  shared[KEY] = current;
  return current;
}

const provideCurrent = (project: TestProject): Shared => {
  const current = currentCompile();
  const { mainJs, dir } = current.compiled;
  project.provide('compiledServer', { mainJs, dir });
  return current;
};

export default function setup(project: TestProject): () => void {
  provideCurrent(project).projects += 1;
  project.onTestsRerun(() => {
    provideCurrent(project);
  });
  return () => {
    const current = shared[KEY];
    if (!current) return;
    current.projects -= 1;
    if (current.projects > 0) return;
    current.compiled.remove();
    delete shared[KEY];
  };
}
