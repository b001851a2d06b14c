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

/** The calling thread's CPU time (ns) and minor page faults so far (Linux /proc), or null. */
function threadCounters(): { cpuNs: number; faults: number } | null {
  try {
    const cpuNs = Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]);
    const stat = readFileSync('/proc/thread-self/stat', 'utf8');
    const faults = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[7]);
    return Number.isFinite(cpuNs) && Number.isFinite(faults) ? { cpuNs, faults } : null;
  } catch {
    return null;
  }
}

/** A stretch of the event loop between two of its turns, as `watchLoop` saw it. */
interface LoopStretch {
  /** Its wall time, ms. */
  wallMs: number;
  /** The loop's own thread's CPU in it, ms (its page faults included). */
  cpuMs: number;
  /** The loop's thread's minor page faults in it. */
  faults: number;
}

/**
 * Watches the event loop from inside it: a timer every 2 ms notes the loop thread's own CPU time
 * and page faults (Linux: /proc/thread-self), so each stretch between two turns is known by its
 * wall time and by the CPU the thread itself spent in it. A stretch the thread spent waiting for a
 * core (the machine's other work) has a long wall and little CPU; a task that holds the loop has
 * both. `stop` gives the stretch of the most CPU and the longest one by the wall, or null where
 * /proc has no such files.
 */
function watchLoop(): { stop(): { busiest: LoopStretch; longest: LoopStretch } | null } {
  let last = threadCounters();
  if (!last) return { stop: () => null };
  let lastAt = performance.now();
  const none: LoopStretch = { wallMs: 0, cpuMs: 0, faults: 0 };
  let busiest = none;
  let longest = none;
  const tick = () => {
    const now = threadCounters();
    const at = performance.now();
    if (!now || !last) return;
    const stretch = {
      wallMs: at - lastAt,
      cpuMs: (now.cpuNs - last.cpuNs) / 1e6,
      faults: now.faults - last.faults,
    };
    if (stretch.cpuMs > busiest.cpuMs) busiest = stretch;
    if (stretch.wallMs > longest.wallMs) longest = stretch;
    last = now;
    lastAt = at;
  };
  const timer = setInterval(tick, 2);
  return {
    stop() {
      tick();
      clearInterval(timer);
      return { busiest, longest };
    },
  };
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
  /**
   * How long the event loop was held by its own work at most: the CPU its thread spent in its
   * busiest stretch between two turns, less what that stretch's page faults cost beyond the
   * allowance. (Where /proc cannot tell, the longest block by the wall shrunk by `slowdown`.)
   */
  blockedMs: number;
  /** The longest the loop went without a turn, by the wall (waiting for a core included). */
  stalledMs: number;
  /** The machine's load now: the wall over the CPU of a fixed computation (1 when idle). */
  slowdown: number;
  /** The times of the `/health/live` answers (OK ones) asked every 20 ms meanwhile. */
  health: number[];
}

/**
 * Sends one request (`send`) while `healthUrl` is asked every 20 ms, and measures what it cost and
 * how long the event loop was held. The budget suites (geo's own, the abuse suite's worst cases)
 * run the services in the test's process, so the CPU and the loop are theirs.
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
  const watch = watchLoop();
  const faults0 = process.resourceUsage().minorPageFault;
  const cpu = process.cpuUsage();
  const started = performance.now();
  const res = await send();
  // The body as bytes: decoding it is the test's work, done after the window (a zipped export
  // decoded as text held the loop ~70 ms).
  const body = await res.arrayBuffer();
  const wallMs = performance.now() - started;
  const used = process.cpuUsage(cpu);
  const faults = process.resourceUsage().minorPageFault - faults0;
  const stretches = watch.stop();
  loop.disable();
  running = false;
  await probe;
  // The budgets are for the request's own work: on a machine whose page faults cost far more than
  // usual, what they cost beyond the allowance is taken out of its CPU and out of the loop's
  // busiest stretch; a stretch spent waiting for a core is not the loop's work at all.
  const excessUs = Math.max(0, pageFaultCostUs() - FAULT_ALLOWANCE_US);
  const allCpuMs = (used.user + used.system) / 1000;
  const faultMs = Math.min(allCpuMs, (faults * excessUs) / 1000);
  const slowdown = Math.max(before, machineSlowdown());
  const blockedMs = stretches
    ? Math.max(0, stretches.busiest.cpuMs - (stretches.busiest.faults * excessUs) / 1000)
    : loop.max / 1e6 / slowdown;
  return {
    res,
    text: new TextDecoder().decode(body),
    wallMs,
    cpuMs: allCpuMs - faultMs,
    faultMs,
    blockedMs,
    stalledMs: stretches ? stretches.longest.wallMs : loop.max / 1e6,
    slowdown,
    health,
  };
}
