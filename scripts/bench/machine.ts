// What every report section says about where and when it was measured: figures from a busy 2-core machine and
// from a quiet 16-core one are not comparable, so the section carries the context with it.
import { cpus, loadavg } from 'node:os';

export interface MachineInfo {
  date: string;
  cores: number;
  cpuModel: string;
  node: string;
  /** The 1, 5 and 15 minute load averages when the benchmark started. */
  loadAverage: [number, number, number];
}

/** Read it when a benchmark starts: the load average then is what the figures had to share the machine with. */
export function machineInfo(): MachineInfo {
  const processors = cpus();
  const [one = 0, five = 0, fifteen = 0] = loadavg();
  return {
    date: new Date().toISOString().slice(0, 16).replace('T', ' '),
    cores: processors.length,
    cpuModel: processors[0]?.model.trim() ?? 'unknown CPU',
    node: process.version,
    loadAverage: [one, five, fifteen],
  };
}

export function describeMachine(info: MachineInfo): string {
  const load = info.loadAverage.map((value) => value.toFixed(2)).join(' / ');
  return (
    `Measured ${info.date} UTC on ${info.cores} × ${info.cpuModel}, Node ${info.node}; ` +
    `load average ${load} (1 / 5 / 15 min) at the start.`
  );
}
