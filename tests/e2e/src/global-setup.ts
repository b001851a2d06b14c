// Starts one whole system for the suite: built services, gateway, SPAs and simulators on ports
// +20000 (gateway 28080), databases gleba_e2e_*, exchange gleba_e2e.events, queues and Redis keys
// gleba_e2e.*; dropped and recreated at each run. Never touches `npm start`'s system. A second run
// at the same time on the machine takes the next slot (gleba_e2e1, +21000, gateway 29080).
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startSystem, type RunningSystem } from '../../../scripts/lib/run-system.mjs';
import { systemLayout } from '../../../scripts/system.mjs';
import type { SystemUrls } from '../../../scripts/lib/run-system.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    system: SystemUrls & { logsDir: string; layout: { name: string; offset: number } };
  }
}

let system: RunningSystem | undefined;

/**
 * A slot per concurrent run on one machine (slot 0: gleba_e2e, ports +20000; slot n: gleba_e2e<n>,
 * ports +20000+1000n), held by a lock file naming the process; a dead holder's slot is taken over.
 */
function claimSlot(): { name: string; offset: number; release: () => void } {
  if (process.env.GLEBA_E2E_NAME || process.env.GLEBA_E2E_PORT_OFFSET) {
    return {
      name: process.env.GLEBA_E2E_NAME ?? 'gleba_e2e',
      offset: Number(process.env.GLEBA_E2E_PORT_OFFSET ?? 20000),
      release: () => undefined,
    };
  }
  // Three slots: a fourth (+23000) would put its mail inbox on the replicas bench's gateway (:24080).
  for (let slot = 0; slot < 3; slot += 1) {
    const lock = path.join(os.tmpdir(), `gleba-e2e-slot-${slot}.lock`);
    try {
      writeFileSync(lock, String(process.pid), { flag: 'wx' });
    } catch {
      const holder = Number(readFileSync(lock, 'utf8'));
      if (alive(holder)) continue;
      rmSync(lock, { force: true });
      try {
        writeFileSync(lock, String(process.pid), { flag: 'wx' });
      } catch {
        continue;
      }
    }
    return {
      name: slot ? `gleba_e2e${slot}` : 'gleba_e2e',
      offset: 20000 + slot * 1000,
      release: () => rmSync(lock, { force: true }),
    };
  }
  throw new Error('three end-to-end systems are already running on this machine');
}

function alive(pid: number): boolean {
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export default async function setup(project: TestProject) {
  const slot = claimSlot();
  const layout = systemLayout({ name: slot.name, offset: slot.offset });
  const started = Date.now();
  process.once('exit', slot.release);
  system = await startSystem({
    layout,
    fresh: true,
    logsDir: path.resolve(
      import.meta.dirname,
      '..',
      'test-artifacts',
      slot.name === 'gleba_e2e' ? 'logs' : `logs-${slot.name}`,
    ),
    env: { LOG_LEVEL: process.env.LOG_LEVEL ?? 'info' },
    say: (line) => console.log(`[e2e system] ${line}`),
    onError: (name, line) => console.error(`[e2e ${name}] ${line}`),
  });
  console.log(`[e2e system] up in ${((Date.now() - started) / 1000).toFixed(1)} s at ${system.urls.gateway}`);
  project.provide('system', {
    ...system.urls,
    logsDir: system.logsDir,
    layout: { name: layout.name, offset: layout.offset },
  });
  return async () => {
    await system?.stop();
    slot.release();
  };
}
