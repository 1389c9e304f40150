// Gives the run's test files one place to share a PostgreSQL cluster (postgres.ts starts it on first use, so a
// run without PostgreSQL tests starts none), and stops that cluster when the run ends.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { sharedClusterFiles, stopPostgresCluster } from '../../tooling/postgres-cluster';

export default function setup(project: TestProject): () => void {
  const sharedDir = mkdtempSync(path.join(tmpdir(), 'kr-shared-postgres-'));
  project.provide('sharedPostgresDir', sharedDir);
  return () => {
    const { clusterDir } = sharedClusterFiles(sharedDir);
    try {
      if (existsSync(clusterDir)) stopPostgresCluster(readFileSync(clusterDir, 'utf8'));
    } finally {
      rmSync(sharedDir, { recursive: true, force: true });
    }
  };
}
