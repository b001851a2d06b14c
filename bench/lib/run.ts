import { spawn, type ChildProcess } from 'node:child_process';
import autocannon from 'autocannon';

/** Starts a process and resolves when it prints READY (or its health answers). */
export function startProcess(
  command: string,
  args: string[],
  env: Record<string, string> = {},
  readyUrl?: string,
): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      env: { ...process.env, LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let done = false;
    child.stdout!.on('data', (chunk: Buffer) => {
      if (!done && chunk.toString().includes('READY')) {
        done = true;
        resolve(child);
      }
    });
    child.on('exit', (code) => !done && reject(new Error(`${command} exited ${code}`)));
    if (readyUrl) {
      const poll = async () => {
        for (let i = 0; i < 240 && !done; i += 1) {
          try {
            if ((await fetch(readyUrl)).ok) {
              done = true;
              return resolve(child);
            }
          } catch {
            /* not yet */
          }
          await new Promise((r) => setTimeout(r, 250));
        }
        if (!done) reject(new Error(`${readyUrl} never answered`));
      };
      void poll();
    }
  });
}

export interface LoadResult {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

export async function load(
  name: string,
  url: string,
  options: { seconds?: number; connections?: number; headers?: Record<string, string> } = {},
): Promise<LoadResult> {
  // Warm up keep-alive connections and JIT first.
  await autocannon({ url, connections: 10, duration: 2, headers: options.headers });
  const result = await autocannon({
    url,
    connections: options.connections ?? 50,
    duration: options.seconds ?? 10,
    headers: options.headers,
  });
  return {
    name,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

export function printTable(rows: LoadResult[], baseline: LoadResult): void {
  console.log('\n| target | requests/s | p50 ms | p99 ms | errors | non-2xx | vs baseline |');
  console.log('|---|---|---|---|---|---|---|');
  for (const r of rows) {
    console.log(
      `| ${r.name} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.non2xx} | ${((r.rps / baseline.rps) * 100).toFixed(0)}% |`,
    );
  }
}

export interface LoadCpuResult extends LoadResult {
  /** CPU microseconds per answered request, per named process (user + system, from /proc). */
  cpuPerRequestUs: Record<string, number>;
}

/** `load`, also measuring the CPU the named server processes spent per request in the measured part. */
export async function loadWithCpu(
  name: string,
  url: string,
  pids: Record<string, number | undefined>,
  options: { seconds?: number; connections?: number; headers?: Record<string, string> } = {},
): Promise<LoadCpuResult> {
  const { withCpu } = await import('./cpu');
  await autocannon({ url, connections: 10, duration: 2, headers: options.headers });
  const { result, cpu } = await withCpu(pids, () =>
    autocannon({
      url,
      connections: options.connections ?? 50,
      duration: options.seconds ?? 10,
      headers: options.headers,
    }),
  );
  const answered = Math.max(1, result.requests.total);
  return {
    name,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    cpuPerRequestUs: Object.fromEntries(
      Object.entries(cpu).map(([k, s]) => [k, Math.round((s * 1e6) / answered)]),
    ),
  };
}
