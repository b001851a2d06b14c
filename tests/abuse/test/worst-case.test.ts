import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { measureRequest } from '@gleba/testkit';
import { ENDPOINTS } from '../endpoints';
import { buildWorld, fill, type World } from '../src/fixtures';
import { expectOk, startStack, type Stack } from '../src/stack';
import {
  NO_WORST_CASE,
  WORST_CASES,
  WORST_CASE_CROPS,
  WORST_CASE_PLOTS,
  key,
  needsWorstCase,
} from '../src/worst-cases';

/**
 * The worst case of each geo endpoint that takes a collection, a geometry, a file or free text
 * (`src/worst-cases.ts`), through the gateway: answered (never a 5xx) within a second of the
 * stack's CPU time (everything runs in this process; a loaded machine stretches the wall clock,
 * not that), while geo's `/health/live` keeps answering and the event loop is never blocked for
 * 100 ms (the CPU the loop's own thread spent in its busiest stretch: a wait for a core is the
 * machine's, not geo's).
 */

describe('abuse: worst-case inputs of geo answer within the budget, geo stays live', () => {
  let stack: Stack;
  let w: World;
  const ids: Record<string, string> = {};
  const report: string[] = [];

  beforeAll(async () => {
    // The gateway waits as long as a loaded machine may need: the budget is the CPU time, not the wall clock.
    stack = await startStack('worst', { upstreamTimeoutMs: 300_000 });
    w = await buildWorld(stack);
    for (const [name, geometry] of Object.entries(WORST_CASE_PLOTS)) {
      const plot = expectOk(
        `plot ${name}`,
        await stack.call<{ id: string }>('POST', '/api/plots', {
          token: w.a.accessToken,
          body: { name, geometry, snapToleranceM: 0 },
        }),
      );
      ids[name] = plot.id;
    }
    for (const [name, plot] of Object.entries(WORST_CASE_CROPS)) {
      const crop = expectOk(
        `crop ${name}`,
        await stack.call<{ id: string }>('POST', '/api/crops', {
          token: w.a.accessToken,
          body: {
            plantId: 'winter-wheat',
            cultivationFrom: '2026-09-01',
            cultivationTo: '2027-08-01',
            plotIds: [ids[plot]],
          },
        }),
      );
      ids[name] = crop.id;
    }
  });
  afterAll(async () => {
    console.log(`[abuse:worst-case]\n${report.join('\n')}`);
    await stack?.stop();
  });

  it('has a row for every geo endpoint that takes input', () => {
    const missing = ENDPOINTS.filter(needsWorstCase)
      .map(key)
      .filter((k) => !WORST_CASES[k]?.length && !NO_WORST_CASE[k]);
    expect(missing).toEqual([]);
    const unknown = Object.keys(WORST_CASES).filter((k) => !ENDPOINTS.some((e) => key(e) === k));
    expect(unknown).toEqual([]);
  });

  it('answers each worst case within the budget while geo answers /health/live', async () => {
    const failures: string[] = [];
    for (const [endpoint, cases] of Object.entries(WORST_CASES)) {
      const [method, template] = endpoint.split(' ') as [string, string];
      for (const c of cases) {
        const pathIds = {
          ...w.ids,
          ...Object.fromEntries(Object.entries(c.ids ?? {}).map(([k, v]) => [k, ids[v]!])),
        };
        const path = fill(template, pathIds) + (c.query ? `?${c.query}` : '');
        const body = c.body ? fill(JSON.stringify(await c.body()), ids) : undefined;
        /** One request of the case, with what it cost and how long the event loop stood still. */
        const measure = () =>
          measureRequest(
            () =>
              fetch(`${stack.gateway}${path}`, {
                method,
                headers: {
                  authorization: `Bearer ${w.a.accessToken}`,
                  ...(body ? { 'content-type': 'application/json' } : {}),
                },
                body,
              }),
            `${stack.services.geo.url}/health/live`,
          );
        const m = await measure();
        const label = `${endpoint} (${c.name})`;
        report.push(
          `${label}: ${m.res.status}, cpu ${m.cpuMs.toFixed(0)} ms (+${m.faultMs.toFixed(0)} ms of slow page faults), wall ${m.wallMs.toFixed(0)} ms, loop held ${m.blockedMs.toFixed(0)} ms of its own CPU (stalled ${m.stalledMs.toFixed(0)} ms, load x${m.slowdown.toFixed(1)}), health ${m.health.length}x`,
        );
        const { res, text, cpuMs, health, blockedMs } = m;
        const upstreamDown = c.upstream && res.status === 502;
        if (res.status >= 500 && !upstreamDown)
          failures.push(`${label}: ${res.status} ${text.slice(0, 200)}`);
        if (cpuMs >= (c.cpuBudgetMs ?? 1000)) failures.push(`${label}: ${cpuMs.toFixed(0)} ms of CPU`);
        if (health.length === 0) failures.push(`${label}: geo's /health/live did not answer`);
        if (blockedMs >= 100) failures.push(`${label}: event loop held ${blockedMs.toFixed(0)} ms`);
      }
    }
    expect(failures).toEqual([]);
  });
});
