// Memory and CPU read from /proc: what the server uses, and how much other work disturbs the measurement.
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';

/** Resident memory of the server and every process it started, in MB. */
export function treeRssMb(rootPid: number): number {
  const parents = new Map<number, number>();
  const rss = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const status = readFileSync(`/proc/${entry}/status`, 'utf8');
      parents.set(Number(entry), Number(/PPid:\s+(\d+)/.exec(status)?.[1]));
      rss.set(Number(entry), Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0));
    } catch {}
  }
  const inTree = (pid: number): boolean => {
    for (let current = pid, hops = 0; current > 1 && hops < 50; hops++) {
      if (current === rootPid) return true;
      current = parents.get(current) ?? 0;
    }
    return false;
  };
  let kb = 0;
  for (const [pid, value] of rss) if (inTree(pid)) kb += value;
  return Math.round(kb / 1024);
}

interface CpuSnapshot {
  at: number;
  /** Busy jiffies of the whole machine. */
  busy: number;
  /** Busy jiffies of this run's processes by pid: the server's tree, this process, the database's backends. */
  ours: Map<number, number>;
}

/** How busy the machine is and how much of that is this run, so noise from other work shows. */
export function cpuSnapshot(serverPid: number, databaseName: string | undefined): CpuSnapshot {
  const [user, nice, system, , , irq, softirq, steal] = readFileSync('/proc/stat', 'utf8')
    .split('\n')[0]!
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  const busy = user! + nice! + system! + irq! + softirq! + (steal ?? 0);
  const stats = new Map<number, { ppid: number; jiffies: number }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const jiffies = Number(fields[11]) + Number(fields[12]);
      const cmdline = databaseName ? readFileSync(`/proc/${entry}/cmdline`, 'utf8') : '';
      // A backend of the bench database counts as the server's. Processes that start and end
      // between two snapshots (PostgreSQL's parallel query workers) are never seen: they count as other work.
      const ppid = databaseName && cmdline.includes(` ${databaseName} `) ? serverPid : Number(fields[1]);
      stats.set(Number(entry), { ppid, jiffies });
    } catch {}
  }
  const ours = new Map<number, number>();
  for (const [pid, { jiffies }] of stats) {
    for (let current = pid, hops = 0; current > 1 && hops < 50; hops++) {
      if (current === serverPid || current === process.pid) {
        ours.set(pid, jiffies);
        break;
      }
      current = stats.get(current)?.ppid ?? 0;
    }
  }
  return { at: performance.now(), busy, ours };
}

/** CPU used between two snapshots by other work and by this run, in percent of the whole machine. */
export function cpuPercent(before: CpuSnapshot, after: CpuSnapshot): { other: number; ours: number } {
  const ticks = ((after.at - before.at) / 1000) * 100 * availableParallelism();
  // Per process: a database backend that exits in between (idle pool connections do) takes its
  // whole history with it and must not count as negative use.
  let ours = 0;
  for (const [pid, jiffies] of after.ours) ours += Math.max(0, jiffies - (before.ours.get(pid) ?? 0));
  return {
    other: Math.max(0, ((after.busy - before.busy - ours) / ticks) * 100),
    ours: (ours / ticks) * 100,
  };
}

/**
 * Waits (30 s at most) until the server has finished what the last load left in flight and other
 * work on the machine leaves it mostly idle, so one scenario does not measure another's tail.
 */
export async function settle(serverPid: number, databaseName: string | undefined): Promise<void> {
  let usage = { other: 0, ours: 0 };
  for (let waited = 0; waited < 30; waited++) {
    const before = cpuSnapshot(serverPid, databaseName);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    usage = cpuPercent(before, cpuSnapshot(serverPid, databaseName));
    if (usage.ours < 5 && usage.other < 25) return;
  }
  console.log(
    `  (machine still busy after 30 s: this run ${usage.ours.toFixed(0)}%, other work ${usage.other.toFixed(0)}%)`,
  );
}

/** The server tree's RSS and, from /bench/memory, how much of it V8's heap and buffers hold. */
export async function describeMemory(
  server: { baseUrl: string; pid: number },
  when: string,
): Promise<string> {
  const memory = (await (await fetch(`${server.baseUrl}/bench/memory`)).json()) as Record<string, number> & {
    total: { max_bytes: number; bytes: number };
  };
  const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
  return (
    `Server RSS ${when}: ${treeRssMb(server.pid)} MB (V8 heap ${memory.heap_used_mb} MB used of ` +
    `${memory.heap_total_mb} MB, ${memory.heap_live_mb} MB after a full collection; external ${memory.external_mb} MB, ` +
    `of which array buffers ${memory.array_buffers_mb} MB; caches ${mb(memory.total.bytes)} MB of their ${mb(memory.total.max_bytes)} MB bounds).`
  );
}
