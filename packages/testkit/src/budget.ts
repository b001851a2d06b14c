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

/** One request as the budget suites measure it. */
export interface BudgetMeasure {
  res: Response;
  text: string;
  wallMs: number;
  /** This process's CPU time while the request ran (every thread: the services run in it). */
  cpuMs: number;
  /** The event loop's longest block meanwhile, shrunk by the machine's slowdown. */
  blockedMs: number;
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
  const cpu = process.cpuUsage();
  const started = performance.now();
  const res = await send();
  const text = await res.text();
  const wallMs = performance.now() - started;
  const used = process.cpuUsage(cpu);
  loop.disable();
  running = false;
  await probe;
  const slowdown = Math.max(before, machineSlowdown());
  return {
    res,
    text,
    wallMs,
    cpuMs: (used.user + used.system) / 1000,
    blockedMs: loop.max / 1e6 / slowdown,
    slowdown,
    health,
  };
}
