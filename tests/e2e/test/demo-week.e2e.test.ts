// The demo's lab week (scripts/lib/demo-week.mjs, run by `npm start` after the services' seeds),
// seeded here into the suite's own system: farm orders and garden tests in every status, samples
// waiting for results for which the downloaded template fills and checks, parcels on their way
// in the DPD simulator, three seasons of results on one field; a second run does nothing; it
// refuses in production.
import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { FarmOrderStatus, GardenTestStatus } from '@gleba/contracts';
import { runDemoWeek, type DemoWeek } from '../../../scripts/lib/run-system.mjs';
import { systemLayout } from '../../../scripts/system.mjs';
import { adminApi, adminFile, adminToken, eventually, fillResultsTemplate } from '../src/admin';
import { api, DEMO_FARMER, login } from '../src/api';
import { system } from '../src/system';

describe('the demo lab week', () => {
  const layout = () => systemLayout(system().layout);
  let week: DemoWeek;

  it('seeds orders and tests in every status, parcels on their way and three seasons on one field', async () => {
    week = await runDemoWeek(layout());
    expect(week.created).toBe(true);
    const token = await adminToken();
    const statuses = async (mode: 'farm' | 'garden') =>
      new Set(
        (await adminApi(token, mode, '/orders?perPage=100')).body.items.map(
          (o: { status: string }) => o.status,
        ),
      );
    const farm = await statuses('farm');
    // The collected order's parcel may already be on its way: SAMPLES_SENT.
    for (const s of FarmOrderStatus.options) expect(farm, s).toContain(s);
    const garden = await statuses('garden');
    for (const s of GardenTestStatus.options.filter((x) => x !== 'RESULTS_READY'))
      expect(garden, s).toContain(s);

    const parcels = (await adminApi(token, 'garden', '/shipments?perPage=100')).body.items.concat(
      (await adminApi(token, 'farm', '/shipments?perPage=100')).body.items,
    );
    for (const waybill of week.parcels!)
      expect(parcels.map((p: { waybill: string }) => p.waybill)).toContain(waybill);
    const state = await (await fetch(`${system().simulators.dpd}/__sim/state`)).json();
    expect(state.parcels.map((p: { waybill: string }) => p.waybill)).toEqual(
      expect.arrayContaining(week.parcels!),
    );

    const farmer = await login(DEMO_FARMER.email, DEMO_FARMER.password);
    const history = await api(`/api/results/fields/history?cropId=${week.historyCropId}`, {
      token: farmer.accessToken,
    });
    expect(history.status).toBe(200);
    const years = new Set(history.body.items.map((i: { updatedAt: string }) => i.updatedAt.slice(0, 4)));
    expect(years.size).toBe(3);
    // The older seasons' complaint windows closed 14 days after their results; this season's is open.
    const thisYear = String(new Date().getUTCFullYear());
    for (const item of history.body.items as { testId: string; updatedAt: string }[]) {
      const mine = await api(`/api/soil-tests/${item.testId}/complaints`, { token: farmer.accessToken });
      expect(mine.body.window.closedReason, item.updatedAt).toBe(
        item.updatedAt.startsWith(thisYear) ? null : 'EXPIRED',
      );
    }
    // The variable-rate map's field: two seasons on each of its sectors.
    const sectors = await api(`/api/results/fields/history?cropId=${week.prescriptionCropId}`, {
      token: farmer.accessToken,
    });
    const orders = new Set(sectors.body.items.map((i: { orderId: string }) => i.orderId));
    expect(orders.size).toBe(2);
    expect(sectors.body.items.length).toBeGreaterThanOrEqual(6);

    // Sampled with the phone (decision 0058): in full for the order in the lab, three points of
    // the one being collected.
    const farmOrders = (await api('/api/orders?perPage=100', { token: farmer.accessToken })).body.items as {
      status: string;
      samples: { punctures: number; puncturesTaken: number }[];
    }[];
    const taken = (status: string) => farmOrders.find((o) => o.status === status)?.samples[0]?.puncturesTaken;
    expect(taken('SAMPLES_IN_ANALYSIS')).toBe(
      farmOrders.find((o) => o.status === 'SAMPLES_IN_ANALYSIS')!.samples[0]!.punctures,
    );
    expect(taken('SAMPLES_COLLECTING')).toBe(3);
  });

  it('the template downloaded for a sample waiting for results checks clean', async () => {
    const token = await adminToken();
    const waiting = (await adminApi(token, 'farm', '/orders?status=SAMPLES_IN_ANALYSIS&perPage=100')).body
      .items;
    expect(waiting.length).toBeGreaterThan(0);
    const order = (await adminApi(token, 'farm', `/orders/${waiting[0].id}`)).body;
    const template = await adminFile(token, 'farm', '/imports/template');
    const filled = await fillResultsTemplate(
      template,
      order.samples.map((s: { code: string }) => ({
        label: s.code,
        testType: 'BASIC_TEST',
        values: { PH_KCL: 6.1, P2O5: 15, K2O: 14, MG: 6, CATEGORY: 'średnia' },
      })),
    );
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(filled as unknown as ExcelJS.Buffer);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(filled)]), 'tydzien.xlsx');
    const res = await fetch(
      `${system().gateway}/farm-api/imports?testType=BASIC_TEST&step=check&fileName=tydzien.xlsx`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      },
    );
    expect(res.status).toBe(202);
    const id = ((await res.json()) as { id: string }).id;
    const checked = await eventually(
      'the check',
      () => adminApi(token, 'farm', `/imports/${id}`),
      (r) => r.body.status === 'CHECKED' || r.body.status === 'FAILED',
    );
    expect(checked.body.summary).toMatchObject({ valid: order.samples.length, rejected: 0 });
  });

  it('a second run does nothing and is quick; production is refused', async () => {
    const started = Date.now();
    expect((await runDemoWeek(layout())).created).toBe(false);
    expect(Date.now() - started).toBeLessThan(30_000);
    await expect(runDemoWeek(layout(), { NODE_ENV: 'production' })).rejects.toThrow(/production/);
  });
});
