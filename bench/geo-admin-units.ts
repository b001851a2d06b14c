// The cadastral form's look-ups with the whole TERC register (16 voivodeships, 380 counties, 3,936
// commune rows): the migration that loads it on a fresh database, each admin-units endpoint's
// latency in-process (median and p95 of 200 calls beside `/health/live` as the baseline; goal
// p95 <= 20 ms on an idle machine), and the ULDK simulator's
// start and WMS GetMap times (a z13 and a z16 tile of 256 px).
//   npx tsx bench/geo-admin-units.ts
import type { Kysely } from 'kysely';
import { createDatabase, createLogger, migrateToLatest } from '@gleba/platform';
import { createTestDatabase, dropTestDatabases, startTestService } from '@gleba/testkit';
import { startUldkSimulator } from '@gleba/simulators';
const { geoService } = await import('../services/geo/src/service');
const { migrations } = await import('../services/geo/src/db/migrations');

const CALLS = 200;
const stats = (times: number[]) => {
  const s = [...times].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))]!.toFixed(1);
  return `median ${at(0.5)} ms, p95 ${at(0.95)} ms`;
};

// Migration of a fresh database (schema + the register).
const url = await createTestDatabase('bench-terc');
const db = createDatabase<unknown>(url, { max: 2 });
let t = performance.now();
await migrateToLatest(db as Kysely<unknown>, migrations, {
  databaseUrl: url,
  logger: createLogger('bench', 'warn'),
});
console.log(
  `migrations on a fresh database (schema and the whole register): ${(performance.now() - t).toFixed(0)} ms`,
);
await db.destroy();

t = performance.now();
const sim = await startUldkSimulator({ port: 0 });
console.log(
  `ULDK simulator start (reads the register, lays out every commune): ${(performance.now() - t).toFixed(0)} ms`,
);
const service = await startTestService(geoService, {
  config: { ULDK_URL: sim.url, CADASTRE_WMS_URL: `${sim.url}/wms` },
});
try {
  const time = async (path: string) => {
    const times: number[] = [];
    for (let i = 0; i < CALLS; i += 1) {
      const start = performance.now();
      const res = await fetch(`${service.url}${path}`);
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${path}: ${res.status}`);
      times.push(performance.now() - start);
    }
    return stats(times);
  };
  await time('/api/admin-units/precincts?commune=141212_3'); // fills the precinct cache once
  for (const path of [
    '/health/live', // baseline: the same process and HTTP path, no database
    '/api/admin-units/voivodeships',
    '/api/admin-units/counties?voivodeship=MASOVIAN',
    '/api/admin-units/communes?county=1412',
    '/api/admin-units/precincts?commune=141212_3',
    '/api/cities?q=Mr',
  ])
    console.log(`${path}: ${await time(path)} (goal p95 <= 20 ms)`);

  const R = 6_378_137;
  const tile = (lng: number, lat: number, z: number) => {
    const size = (2 * Math.PI * R) / 2 ** z;
    const x = Math.floor(((R * lng * Math.PI) / 180 + Math.PI * R) / size);
    const y = Math.floor((Math.PI * R - R * Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360))) / size);
    const minx = -Math.PI * R + x * size;
    const maxy = Math.PI * R - y * size;
    return `SERVICE=WMS&REQUEST=GetMap&VERSION=1.1.1&LAYERS=dzialki,numery_dzialek&STYLES=&FORMAT=image/png&TRANSPARENT=true&SRS=EPSG:3857&WIDTH=256&HEIGHT=256&BBOX=${[minx, maxy - size, minx + size, maxy].join(',')}`;
  };
  // Parcel 1 of Bolesławiec's rural commune: in a generated cell (farmland strips).
  const parcel = await (
    await fetch(`${sim.url}/?request=GetParcelById&id=020102_2.0001.1&result=geom_wkt`)
  ).text();
  const [lng, lat] = /POLYGON\(\(([\d.]+) ([\d.]+)/.exec(parcel)!.slice(1).map(Number) as [number, number];
  for (const z of [13, 16]) {
    const times: number[] = [];
    for (let i = 0; i < 40; i += 1) {
      const start = performance.now();
      await (await fetch(`${service.url}/api/cadastre/wms?${tile(lng + 0.01, lat + 0.01, z)}`)).arrayBuffer();
      times.push(performance.now() - start);
    }
    console.log(`GET /api/cadastre/wms, a z${z} tile over farmland (geo -> simulator): ${stats(times)}`);
  }
} finally {
  await service.cleanup();
  await sim.close();
  await dropTestDatabases();
}
