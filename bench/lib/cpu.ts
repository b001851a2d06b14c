import { readFileSync } from 'node:fs';

/**
 * CPU seconds (user + system) a process has used so far, from /proc (Linux); undefined elsewhere.
 * On a shared machine requests/s swing with the other tenants' load; the CPU a server spends per
 * request swings much less, so the benches print both.
 */
export function cpuSeconds(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields 14 and 15 of stat (utime, stime), counted after the command name: indexes 11 and 12.
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

/** Runs `work` and returns its result with the CPU seconds each named process used meanwhile. */
export async function withCpu<T>(
  pids: Record<string, number | undefined>,
  work: () => Promise<T>,
): Promise<{ result: T; cpu: Record<string, number> }> {
  const before = Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, cpuSeconds(pid)]));
  const result = await work();
  const cpu: Record<string, number> = {};
  for (const [name, pid] of Object.entries(pids)) {
    const start = before[name];
    const end = cpuSeconds(pid);
    if (start !== undefined && end !== undefined) cpu[name] = end - start;
  }
  return { result, cpu };
}
