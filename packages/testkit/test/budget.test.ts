import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { measureRequest } from '../src';

/** This thread's CPU time so far, ms (the process's other threads not counted). */
const threadCpuMs = () => Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]) / 1e6;

/** Holds the thread until it has spent `ms` of its own CPU (a loaded machine stretches the wall, not this). */
function spinCpu(ms: number): void {
  const start = threadCpuMs();
  while (threadCpuMs() - start < ms);
}

describe('measureRequest: the loop held by its own work, not by waiting', () => {
  let server: http.Server;
  let url = '';
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      if (req.url === '/spin') spinCpu(150);
      const answer = () => res.end(req.url === '/health' ? 'ok' : 'done');
      if (req.url === '/wait') setTimeout(answer, 300);
      else answer();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('counts 150 ms of CPU in one task as a held loop, and a 300 ms wait as none', async () => {
    const spin = await measureRequest(() => fetch(`${url}/spin`), `${url}/health`);
    expect(spin.text).toBe('done');
    expect(spin.blockedMs).toBeGreaterThanOrEqual(100);
    expect(spin.stalledMs).toBeGreaterThanOrEqual(spin.blockedMs - 10);
    const wait = await measureRequest(() => fetch(`${url}/wait`), `${url}/health`);
    expect(wait.text).toBe('done');
    expect(wait.wallMs).toBeGreaterThanOrEqual(290);
    expect(wait.blockedMs).toBeLessThan(50);
    expect(wait.health.length).toBeGreaterThan(0);
  });
});
