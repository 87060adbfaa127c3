import { existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * A CPU limit for a benchmark's child process, as a container's CPU limit is enforced (Kubernetes'
 * `resources.limits.cpu`): a cgroup with a CFS quota of `cores` × the period. The period is 10 ms (a
 * container's default is 100 ms) so a node that spent its share waits at most a few ms for the next one.
 * Needs a writable cgroup file system (v1 `cpu` controller or v2 with `cpu` enabled); null where there is none.
 */
export interface CpuLimit {
  /** Moves a process (and every thread and child it starts later) under the limit. */
  add(pid: number): void;
  /** Lifts the quota, the processes staying in the cgroup (they close unthrottled: a --cpu-prof profile is written). */
  lift(): void;
  /** Removes the cgroup (once its processes have exited). */
  remove(): void;
  readonly cores: number;
  readonly mechanism: string;
}

const PERIOD_US = 10_000;
const V1 = '/sys/fs/cgroup/cpu';
const V2 = '/sys/fs/cgroup';

function v2HasCpu(): boolean {
  try {
    return readFileSync(path.join(V2, 'cgroup.subtree_control'), 'utf8').split(/\s+/).includes('cpu');
  } catch {
    return false;
  }
}

export function cpuLimit(name: string, cores: number): CpuLimit | null {
  const quota = Math.max(1000, Math.round(cores * PERIOD_US));
  try {
    if (existsSync(path.join(V1, 'cpu.cfs_quota_us'))) {
      const dir = path.join(V1, name);
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, 'cpu.cfs_period_us'), String(PERIOD_US));
      writeFileSync(path.join(dir, 'cpu.cfs_quota_us'), String(quota));
      return limitIn(dir, cores, `cgroup v1 cpu.cfs_quota_us ${quota} per ${PERIOD_US} µs`, () =>
        writeFileSync(path.join(dir, 'cpu.cfs_quota_us'), '-1'),
      );
    }
    if (v2HasCpu()) {
      const dir = path.join(V2, name);
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, 'cpu.max'), `${quota} ${PERIOD_US}`);
      return limitIn(dir, cores, `cgroup v2 cpu.max ${quota} ${PERIOD_US}`, () =>
        writeFileSync(path.join(dir, 'cpu.max'), `max ${PERIOD_US}`),
      );
    }
  } catch {
    // Not permitted here (no root, read-only cgroups): the caller runs without a limit and says so.
  }
  return null;
}

function limitIn(dir: string, cores: number, mechanism: string, lift: () => void): CpuLimit {
  return {
    cores,
    mechanism,
    lift,
    add: (pid) => writeFileSync(path.join(dir, 'cgroup.procs'), String(pid)),
    remove: () => {
      try {
        rmdirSync(dir);
      } catch {
        // Still has a process (killed late): the next run reuses the directory.
      }
    },
  };
}
