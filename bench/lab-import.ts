// Lab result import of a ~5 MB workbook of 20,000 rows: upload -> check -> apply through the real
// service (in-process, its BullMQ worker included), beside a bare exceljs streaming read of the same
// file. Each measurement runs in its own process so peak RSS is that run's alone. The measured
// processes are plain node running this script bundled by esbuild (bench/out/, as `npm start` runs
// a service from its esbuild bundle), not tsx: tsx's loader costs ~90 MB of RSS that production
// never pays. BENCH_TSX=1 measures under tsx instead.
//   npx tsx bench/lab-import.ts [rows]        (BENCH_HEAP_MB=160 caps the heap of both runs;
//   BENCH_FLAGS='...' gives node/V8 flags to both runs; BENCH_NODE_FLAGS='...' to the import run only,
//   after the service's deployed flags (SERVICE_FLAGS; BENCH_SERVICE_FLAGS='' drops them, from the
//   import run and the bare read with the service's flags);
//   BENCH_CPU_PROF=dir writes a CPU profile of the import's measured window (BENCH_HEAP_PROF=dir a
//   sampling heap profile; BENCH_HEAP_MINOR=0 leaves out what scavenges collected: what was promoted); BENCH_PARSE_THREAD=true
//   parses on the parser thread instead of the service's thread; BENCH_TWO_STEP=1 uploads with step=check and
//   applies once CHECKED instead of step=apply, checked and applied in one pass)
import { spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';

const self = fileURLToPath(import.meta.url);
const [, , arg1, arg2, arg3] = process.argv;

interface Figures {
  ms: number;
  cpuMs: number;
  peakRssMb: number;
  baseRssMb: number;
  rows: number;
  phases?: Record<string, number>;
}

/**
 * Peak RSS, overall and per phase. On Linux the kernel keeps the high-water mark itself (VmHWM in
 * /proc/self/status, reset by writing 5 to /proc/self/clear_refs), so the measured process does no
 * work for it; elsewhere RSS is sampled every 20 ms (which costs the measured process CPU: under
 * load a sample can take a millisecond).
 */
function sampler() {
  const kernel = (() => {
    try {
      writeFileSync('/proc/self/clear_refs', '5');
      return /VmHWM:\s+(\d+) kB/.test(readFileSync('/proc/self/status', 'utf8'));
    } catch {
      return false;
    }
  })();
  const highWater = () =>
    Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))![1]) * 1024;
  let peak = process.memoryUsage.rss();
  let phasePeak = peak;
  const phases: Record<string, number> = {};
  const timer = kernel
    ? undefined
    : setInterval(() => {
        const rss = process.memoryUsage.rss();
        peak = Math.max(peak, rss);
        phasePeak = Math.max(phasePeak, rss);
      }, 20);
  const current = () => (kernel ? highWater() : process.memoryUsage.rss());
  return {
    /** Closes a phase: its own peak RSS, in MB. */
    mark: (name: string) => {
      const top = Math.max(phasePeak, current());
      phases[name] = mb(top);
      peak = Math.max(peak, top);
      if (kernel) writeFileSync('/proc/self/clear_refs', '5');
      phasePeak = process.memoryUsage.rss();
    },
    phases,
    stop: () => (clearInterval(timer), Math.max(peak, phasePeak, current())),
  };
}
const mb = (b: number) => Math.round((b / 1024 / 1024) * 10) / 10;

async function makeWorkbook(rows: number, path: string): Promise<string[]> {
  const { PARAMS, templateHeaders } = await import('../services/lab-import/src/domain/file-format');
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useSharedStrings: true,
    useStyles: false,
  });
  const ws = wb.addWorksheet('Wyniki');
  ws.addRow(templateHeaders()).commit();
  const codes: string[] = [];
  const words = ['niska', 'średnia', 'wysoka', 'bardzo niska zasobność', 'bardzo wysoka zasobność'];
  for (let i = 0; i < rows; i++) {
    const code = `BENCH${String(i).padStart(9, '0')}`;
    codes.push(code);
    const row: (string | number | null)[] = [code, 'BASIC_TEST'];
    for (const p of PARAMS) {
      if (p.kind === 'category') row.push(['lekka', 'średnia', 'ciężka', 'bardzo lekka'][i % 4]!, null);
      else if (p.key === 'PH_KCL' || p.key === 'PH_H2O')
        row.push(Math.round((4.5 + (i % 30) / 10) * 10) / 10, `pH ${words[i % 5]} ${i % 97}`);
      else
        row.push(
          Math.round(((i * 7919 + p.key.length * 131) % 30011) / 7) / 100 + 1,
          `${words[(i + p.key.length) % 5]} ${(i * 31 + p.key.length) % 997}`,
        );
    }
    ws.addRow(row).commit();
  }
  ws.commit();
  await wb.commit();
  writeFileSync(path, Buffer.concat(chunks));
  writeFileSync(`${path}.codes`, codes.join('\n'));
  // The samples the import expects, as CSV for psql's \copy (four samples per order, one farmer).
  const userId = randomUUID();
  let orderId = randomUUID();
  const csv = codes.map((code, i) => {
    if (i % 4 === 0) orderId = randomUUID();
    return `${randomUUID()},${code},${orderId},B-${i >> 2},${userId},FARM,BASIC_TEST,[],Pole ${i},winter-wheat,2`;
  });
  writeFileSync(`${path}.samples.csv`, csv.join('\n'));
  return codes;
}

async function bare(path: string): Promise<Figures> {
  const stopProfile = await profiler('bare');
  const base = process.memoryUsage.rss();
  const s = sampler();
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(path, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    entries: 'emit',
  });
  let rows = 0;
  for await (const ws of reader) {
    for await (const _row of ws as unknown as AsyncIterable<unknown>) rows += 1;
    break;
  }
  const ms = performance.now() - t0;
  const cpu = process.cpuUsage(c0);
  await stopProfile();
  return {
    ms,
    cpuMs: (cpu.user + cpu.system) / 1000,
    rows: rows - 1,
    peakRssMb: mb(s.stop()),
    baseRssMb: mb(base),
  };
}

/**
 * BENCH_CPU_PROF=dir writes a V8 CPU profile of each measured window only (not the process's setup)
 * to dir; BENCH_HEAP_PROF=dir a sampling heap profile of what the window allocated (kept or not).
 */
async function profiler(name: string): Promise<() => Promise<void>> {
  const cpuDir = process.env.BENCH_CPU_PROF;
  const heapDir = process.env.BENCH_HEAP_PROF;
  if (!cpuDir && !heapDir) return async () => {};
  const { Session } = await import('node:inspector/promises');
  const session = new Session();
  session.connect();
  if (cpuDir) {
    await session.post('Profiler.enable');
    await session.post('Profiler.start');
  }
  if (heapDir) {
    await session.post('HeapProfiler.enable');
    // Every object is sampled at about one per 32 KiB allocated, and kept in the profile after it is collected.
    await session.post('HeapProfiler.startSampling', {
      samplingInterval: 32 * 1024,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: process.env.BENCH_HEAP_MINOR !== '0',
    });
  }
  return async () => {
    if (cpuDir) {
      const { profile } = await session.post('Profiler.stop');
      writeFileSync(join(cpuDir, `${name}-${process.pid}.cpuprofile`), JSON.stringify(profile));
    }
    if (heapDir) {
      const { profile } = await session.post('HeapProfiler.stopSampling');
      writeFileSync(join(heapDir, `${name}-${process.pid}.heapprofile`), JSON.stringify(profile));
    }
    session.disconnect();
  };
}

/**
 * The upload comes from another process, as a lab's browser sends it: the measured process then
 * holds only the service's copy of the file, and its CPU is the service's own (as the expected
 * samples go in through psql). The sender starts, reads the file, opens its connection with one
 * health request (a lab's browser has the panel open when it uploads: the client's own start, its
 * HTTP stack loading, is not the service's time) and waits before the measured window; the
 * returned function tells it to send and resolves with the answer's JSON.
 */
async function uploader(url: string, token: string, path: string): Promise<() => Promise<unknown>> {
  const script = `
    const file = require('node:fs').readFileSync(process.argv[1]);
    const warm = fetch(new URL('/health/live', process.argv[2])).then((r) => r.text());
    process.stdin.once('data', async () => {
      const res = await fetch(process.argv[2], { method: 'POST', headers: { authorization: 'Bearer ' + process.argv[3] }, body: file });
      process.stdout.write(JSON.stringify({ status: res.status, body: await res.text() }) + '\\n');
      process.exit(0);
    });
    warm.then(() => process.stdout.write('ready\\n'));`;
  const sender = spawn(process.execPath, ['-e', script, path, url, token], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: sender.stdout! })[Symbol.asyncIterator]();
  const next = async () => {
    const line = await lines.next();
    if (line.done) throw new Error('the upload process ended without an answer');
    return line.value;
  };
  if ((await next()) !== 'ready') throw new Error('the upload process did not start');
  return async () => {
    sender.stdin!.write('go\n');
    const { status, body } = JSON.parse(await next()) as { status: number; body: string };
    if (status !== 202 && status !== 200 && status !== 201)
      throw new Error(`upload answered ${status}: ${body}`);
    return JSON.parse(body);
  };
}

async function imported(path: string): Promise<Figures> {
  // testkit's service and keys modules, not its index: the index also exports the vitest health
  // suite, and vitest loaded in the measured process would count in the service's memory.
  const { dropTestDatabases, startTestService } = await import('../packages/testkit/src/service');
  const { createTestKeys } = await import('../packages/testkit/src/keys');
  const { labImportService } = await import('../services/lab-import/src/service');
  const keys = createTestKeys();
  // BENCH_PARSE_THREAD=true: the check parses on the parser thread (IMPORT_PARSE_THREAD=true).
  const service = await startTestService(labImportService, {
    keys: keys.resolver,
    config: {
      IMPORT_PARSE_THREAD: process.env.BENCH_PARSE_THREAD === 'true',
      ...(process.env.BENCH_BATCH ? { IMPORT_BATCH_SIZE: Number(process.env.BENCH_BATCH) } : {}),
    },
  });
  // The expected samples go in through psql, another process, so this process's memory is the
  // service's own and not the seed's (orders' events bring them one by one in production).
  const copied = spawnSync(
    'psql',
    [
      service.ctx.config.DATABASE_URL,
      '-v',
      'ON_ERROR_STOP=1',
      '-qc',
      `\\copy expected_samples (sample_id, code, order_id, order_number, user_id, kind, basic_test_type, additional_test_types, field_name, plant_id, area_ha) from '${path}.samples.csv' with (format csv)`,
    ],
    { encoding: 'utf8' },
  );
  if (copied.status !== 0)
    throw new Error(
      `seeding the expected samples with psql failed: ${copied.stderr || copied.error?.message}`,
    );
  const admin = keys.sign({ role: 'ADMIN' });
  // BENCH_TWO_STEP=1: upload with step=check, then POST .../apply once CHECKED (the wizard's two
  // steps, staged rows between them); else step=apply, checked and applied in one pass.
  const twoStep = process.env.BENCH_TWO_STEP === '1';
  const upload = await uploader(
    `${service.url}/farm-api/imports?testType=BASIC_TEST&step=${twoStep ? 'check' : 'apply'}`,
    admin,
    path,
  );
  global.gc?.();
  const stopProfile = await profiler('import');
  const base = process.memoryUsage.rss();
  const s = sampler();
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const wall0 = Date.now();
  const { id } = (await upload()) as { id: string };
  const tUploaded = performance.now();
  const cpuUploaded = process.cpuUsage(c0);
  s.mark('uploadPeakRssMb');
  let detail: { status: string; summary: { applied: number; rowsRead: number } };
  for (;;) {
    detail = (await (
      await fetch(`${service.url}/farm-api/imports/${id}?errorsLimit=0`, {
        headers: { authorization: `Bearer ${admin}` },
      })
    ).json()) as typeof detail & { progress: { phase: string } };
    if (twoStep && detail.status === 'CHECKED') {
      s.mark('checkPeakRssMb');
      await fetch(`${service.url}/farm-api/imports/${id}/apply`, {
        method: 'POST',
        headers: { authorization: `Bearer ${admin}` },
      });
      continue;
    }
    if (detail.status === 'APPLIED' || detail.status === 'FAILED') break;
    // Every 500 ms: each poll is an authenticated request to the measured process, counted in its CPU.
    await new Promise((r) => setTimeout(r, 500));
  }
  const cpu = process.cpuUsage(c0);
  s.mark('applyPeakRssMb');
  // The times come from the import's own timestamps (checked_at, applied_at: the service's clock,
  // the same machine's), not from when a poll saw them, which is up to 500 ms later.
  const stamps = await service.ctx.db
    .selectFrom('imports')
    .select(['checked_at', 'applied_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const appliedAt = stamps.applied_at
    ? new Date(stamps.applied_at).getTime()
    : wall0 + (performance.now() - t0);
  const checkedAt = stamps.checked_at ? new Date(stamps.checked_at).getTime() : appliedAt;
  const uploadedAt = wall0 + (tUploaded - t0);
  const ms = appliedAt - wall0;
  const peak = s.stop();
  await stopProfile();
  if (detail.status !== 'APPLIED') throw new Error(`import ended ${detail.status}`);
  await service.cleanup();
  await dropTestDatabases();
  return {
    ms,
    cpuMs: (cpu.user + cpu.system) / 1000,
    rows: detail.summary.applied,
    peakRssMb: mb(peak),
    baseRssMb: mb(base),
    phases: twoStep
      ? {
          uploadAndGuardMs: Math.round(tUploaded - t0),
          uploadCpuMs: Math.round((cpuUploaded.user + cpuUploaded.system) / 1000),
          checkMs: Math.round(checkedAt - uploadedAt),
          applyMs: Math.round(appliedAt - checkedAt),
          ...s.phases,
        }
      : {
          uploadAndGuardMs: Math.round(tUploaded - t0),
          uploadCpuMs: Math.round((cpuUploaded.user + cpuUploaded.system) / 1000),
          checkAndApplyMs: Math.round(appliedAt - uploadedAt),
          ...s.phases,
        },
  };
}

/** This script bundled for plain node: the @gleba/* packages (TypeScript source) inlined, third-party packages from node_modules. */
async function bundle(): Promise<string> {
  const { build } = await import('esbuild');
  // Split at the dynamic imports, so the bare read's process loads exceljs alone, not the service's packages.
  const outdir = join(dirname(self), 'out', 'lab-import');
  await build({
    // The parser thread's bundle sits beside the chunks that start it, as dist/parse.thread.js does beside dist/main.js.
    entryPoints: {
      'lab-import': self,
      'parse.thread': join(dirname(self), '../services/lab-import/src/adapters/parse.thread.ts'),
    },
    outdir,
    splitting: true,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    logLevel: 'warning',
    banner: {
      js: "import { createRequire as __glebaCreateRequire } from 'node:module'; const require = __glebaCreateRequire(import.meta.url);",
    },
    plugins: [
      {
        name: 'external-third-party',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@gleba/') || args.path.startsWith('node:')
              ? undefined
              : { path: args.path, external: true },
          );
        },
      },
    ],
  });
  return join(outdir, 'lab-import.js');
}

/**
 * The V8 flags the service runs with when deployed, besides the heap cap: the 8 MB semi-spaces
 * (NODE_OPTIONS in scripts/system.mjs and docker-compose.yml, the container command in
 * infra/k8s), pretenuring off and the old generation's growth between full collections
 * (src/v8-flags.ts, which main.ts imports first; this bench starts the service without main.ts, so
 * the flags are given here). The import run gets them, and so does
 * the second bare read (`bare-service`), to compare like with like; the first bare read keeps
 * node's defaults (both get BENCH_HEAP_MB and BENCH_FLAGS).
 */
const SERVICE_FLAGS = '--max-semi-space-size=8 --no-allocation-site-pretenuring --heap-growing-percent=75';

function child(phase: string, path: string, script: string | null): Figures {
  // BENCH_HEAP_MB caps V8's old space (as NODE_OPTIONS would in production) to show what is retained, not just used.
  const heap = process.env.BENCH_HEAP_MB ? [`--max-old-space-size=${process.env.BENCH_HEAP_MB}`] : [];
  // BENCH_FLAGS: node/V8 flags for both runs (as the service is deployed), e.g. --initial-old-space-size=64.
  if (process.env.BENCH_FLAGS) heap.push(...process.env.BENCH_FLAGS.split(/\s+/).filter(Boolean));
  // The service's flags as deployed, then BENCH_NODE_FLAGS: V8/node flags for the import run only
  // (the service's process); a flag given twice takes its last value.
  if (phase === 'import' || phase === 'bare-service')
    heap.push(
      ...`${process.env.BENCH_SERVICE_FLAGS ?? SERVICE_FLAGS} ${process.env.BENCH_NODE_FLAGS ?? ''}`
        .split(/\s+/)
        .filter(Boolean),
    );
  const args = script
    ? [...heap, '--expose-gc', script]
    : [...process.execArgv, ...heap, '--expose-gc', self];
  const mode = phase === 'bare-service' ? 'bare' : phase;
  const r = spawnSync(process.execPath, [...args, `--${mode}`, path], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, LOG_LEVEL: 'warn', GLEBA_TEST_LOG_LEVEL: 'silent' },
  });
  const line = r.stdout.split('\n').find((l) => l.startsWith('RESULT '));
  if (!line) throw new Error(`${phase} run failed:\n${r.stdout}\n${r.stderr}`);
  return JSON.parse(line.slice(7)) as Figures;
}

if (arg1 === '--bare') {
  console.log(`RESULT ${JSON.stringify(await bare(arg2!))}`);
  process.exit(0);
} else if (arg1 === '--import') {
  console.log(`RESULT ${JSON.stringify(await imported(arg2!))}`);
  process.exit(0);
} else {
  const rows = Number(arg1 ?? 20_000);
  const path = arg3 ?? join(tmpdir(), `gleba-lab-bench-${rows}.xlsx`);
  await makeWorkbook(rows, path);
  const size = readFileSync(path).length;
  console.log(`workbook: ${rows} rows, ${(size / 1024 / 1024).toFixed(2)} MB (${path})`);
  const script = process.env.BENCH_TSX === '1' ? null : await bundle();
  console.log(
    `measured processes: ${script ? `plain node ${process.version} running the esbuild bundle ${script}` : 'node under tsx'}`,
  );
  // BENCH_RUNS rounds (default 5), each a bare read with node's defaults, one with the service's V8
  // flags and an import, each in a fresh process. With node's defaults the bare read of this file
  // runs in one of two modes (V8's pretenuring, see bench/results/lab-import.md), so one says little.
  const runs = Math.max(1, Number(process.env.BENCH_RUNS ?? 5));
  const pad = (s: string, n: number) => s.padEnd(n);
  console.log(pad('run', 38) + pad('wall time', 12) + pad('CPU (node)', 12) + pad('peak RSS', 12) + 'rows');
  const line = (label: string, f: Figures) =>
    console.log(
      pad(label, 38) +
        pad(`${(f.ms / 1000).toFixed(2)} s`, 12) +
        pad(`${(f.cpuMs / 1000).toFixed(2)} s`, 12) +
        pad(`${f.peakRssMb} MB`, 12) +
        f.rows,
    );
  const rounds: { b: Figures; s: Figures; i: Figures }[] = [];
  for (let n = 1; n <= runs; n++) {
    const b = child('bare', path, script);
    const sv = child('bare-service', path, script);
    const i = child('import', path, script);
    rounds.push({ b, s: sv, i });
    line(`${n}. bare exceljs read, node defaults`, b);
    line(`${n}. bare exceljs read, service flags`, sv);
    line(`${n}. lab-import upload+check+apply`, i);
    console.log(
      `   phases: ${JSON.stringify(i.phases)}; import / bare read ${(i.ms / b.ms).toFixed(2)}x wall, ${(i.cpuMs / b.cpuMs).toFixed(2)}x CPU; / bare read with the service's flags ${(i.ms / sv.ms).toFixed(2)}x wall, ${(i.cpuMs / sv.cpuMs).toFixed(2)}x CPU`,
    );
  }
  const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor((xs.length - 1) / 2)]!;
  const range = (xs: number[], digits: number, unit = '') =>
    `${Math.min(...xs).toFixed(digits)}-${Math.max(...xs).toFixed(digits)}${unit}`;
  type Round = (typeof rounds)[number];
  const seconds = (pick: (r: Round) => Figures) =>
    range(
      rounds.map((r) => pick(r).ms / 1000),
      2,
      ' s',
    );
  const ratios = (pick: (r: Round) => Figures) => {
    const wall = rounds.map((r) => r.i.ms / pick(r).ms);
    const cpu = rounds.map((r) => r.i.cpuMs / pick(r).cpuMs);
    return `median ${median(wall).toFixed(2)}x wall time (${range(wall, 2, 'x')}), ${median(cpu).toFixed(2)}x CPU`;
  };
  const peaks = rounds.map((r) => r.i.peakRssMb);
  console.log(
    `load average while running: ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} on ${cpus().length} CPUs`,
  );
  console.log(
    `bare read ${seconds((r) => r.b)} (node defaults), ${seconds((r) => r.s)} (service flags); import ${seconds((r) => r.i)} over ${runs} runs`,
  );
  console.log(
    `import / bare read (baseline, node defaults): ${ratios((r) => r.b)} (goal <= 1.5x); import peak RSS ${Math.max(...peaks)} MB at most (goal <= 200 MB; process baseline ${median(rounds.map((r) => r.i.baseRssMb))} MB)`,
  );
  console.log(`import / bare read with the service's V8 flags (like for like): ${ratios((r) => r.s)}`);
  process.exit(0);
}
