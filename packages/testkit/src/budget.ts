import { readFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

/**
 * How much the machine's load stretches the wall clock now: the wall time of a fixed piece of
 * work over its CPU time (1 on an idle machine).
 */
export function machineSlowdown(): number {
  const cpu = process.cpuUsage();
  const t = performance.now();
  let x = 0;
  for (let i = 0; i < 3_000_000; i++) x += Math.sqrt(i);
  const wall = performance.now() - t;
  const used = process.cpuUsage(cpu);
  return x > 0 ? Math.max(1, wall / Math.max(1, (used.user + used.system) / 1000)) : 1;
}

/** What a page fault may cost on a sound machine (a minor fault with the page zeroed), µs. */
const FAULT_ALLOWANCE_US = 2;

/**
 * The CPU a minor page fault costs on this machine now, µs: 48 MB of new memory written (beyond
 * malloc's largest reuse threshold, so every page is new) less the same bytes written again, over
 * the faults it took. About 1 µs on a sound machine; some virtual machines take 10-15 µs when their
 * host reclaims memory behind them.
 */
export function pageFaultCostUs(): number {
  // Measured again at most every 10 s: a suite asks after every request.
  if (lastFaultCost && performance.now() - lastFaultCost.at < 10_000) return lastFaultCost.us;
  const faults0 = process.resourceUsage().minorPageFault;
  const first = process.cpuUsage();
  const bytes = Buffer.allocUnsafeSlow(48 * 1024 * 1024);
  bytes.fill(1);
  const fresh = process.cpuUsage(first);
  const faults = process.resourceUsage().minorPageFault - faults0;
  const again = process.cpuUsage();
  bytes.fill(2);
  const warm = process.cpuUsage(again);
  const us = (u: NodeJS.CpuUsage) => u.user + u.system;
  lastFaultCost = {
    at: performance.now(),
    us: faults > 0 ? Math.max(0, (us(fresh) - us(warm)) / faults) : 0,
  };
  return lastFaultCost.us;
}
let lastFaultCost: { at: number; us: number } | undefined;

/**
 * The event loop's own thread's minor page faults and CPU time so far (Linux: its line in /proc,
 * in clock ticks of 10 ms), or null where there is none.
 */
function loopThread(): { faults: number; cpuMs: number } | null {
  try {
    const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { faults: Number(fields[7]), cpuMs: (Number(fields[11]) + Number(fields[12])) * 10 };
  } catch {
    return null;
  }
}

/** One request as the budget suites measure it. */
export interface BudgetMeasure {
  res: Response;
  text: string;
  wallMs: number;
  /**
   * This process's CPU time while the request ran (every thread: the services run in it), less
   * what its page faults cost beyond a sound machine's (`faultMs`).
   */
  cpuMs: number;
  /** The CPU its page faults took beyond `FAULT_ALLOWANCE_US` each (`pageFaultCostUs`). */
  faultMs: number;
  /** The event loop's longest block meanwhile, shrunk by the machine's slowdown. */
  blockedMs: number;
  /**
   * How much the machine stretched the request: its load (wall over CPU of a fixed computation) or
   * the slow page faults of the event loop's thread (its CPU over that less what its faults cost
   * beyond the allowance), whichever is more.
   */
  slowdown: number;
  /** The times of the `/health/live` answers (OK ones) asked every 20 ms meanwhile. */
  health: number[];
}

/**
 * Sends one request (`send`) while `healthUrl` is asked every 20 ms, and measures what it cost and
 * how long the event loop stood still. The budget suites (geo's own, the abuse suite's worst
 * cases) run the services in the test's process, so the CPU and the loop are theirs.
 */
export async function measureRequest(
  send: () => Promise<Response>,
  healthUrl: string,
): Promise<BudgetMeasure> {
  const health: number[] = [];
  let running = true;
  const probe = (async () => {
    while (running) {
      const t = performance.now();
      const res = await fetch(healthUrl);
      await res.text();
      if (res.ok) health.push(performance.now() - t);
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  const before = machineSlowdown();
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const faults0 = process.resourceUsage().minorPageFault;
  const thread0 = loopThread();
  const cpu = process.cpuUsage();
  const started = performance.now();
  const res = await send();
  const text = await res.text();
  const wallMs = performance.now() - started;
  const used = process.cpuUsage(cpu);
  const faults = process.resourceUsage().minorPageFault - faults0;
  const thread1 = loopThread();
  loop.disable();
  running = false;
  await probe;
  // The budgets are for the request's own work: on a machine whose page faults cost far more than
  // usual, what they cost beyond the allowance is taken out of its CPU, and the loop's block is
  // shrunk in the proportion the loop's thread lost to its own faults (the whole process's where
  // threads cannot be told apart).
  const excessUs = Math.max(0, pageFaultCostUs() - FAULT_ALLOWANCE_US);
  const allCpuMs = (used.user + used.system) / 1000;
  const faultMs = Math.min(allCpuMs, (faults * excessUs) / 1000);
  const cpuMs = allCpuMs - faultMs;
  const stretch = (total: number, lost: number) => total / Math.max(10, total - Math.min(total, lost));
  const loopStretch =
    thread0 && thread1
      ? stretch(thread1.cpuMs - thread0.cpuMs, ((thread1.faults - thread0.faults) * excessUs) / 1000)
      : stretch(allCpuMs, faultMs);
  const slowdown = Math.max(before, machineSlowdown(), loopStretch);
  return {
    res,
    text,
    wallMs,
    cpuMs,
    faultMs,
    blockedMs: loop.max / 1e6 / slowdown,
    slowdown,
    health,
  };
}
