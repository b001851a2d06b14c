import type { Kysely, Transaction } from 'kysely';
import {
  OrdersErrorCode,
  type AdminMode,
  type FarmOrderStatus,
  type GardenTestStatus,
} from '@gleba/contracts';
import { conflict } from '@gleba/platform';
import type { Database } from '../db/database';
import type { StatusHistoryEntry } from '../db/repositories/history.repository';
import { failedOrdersOf } from '../db/repositories/payments.repository';
import { contactNamesOf, getContact } from '../db/repositories/read-models.repository';
import type { Deps } from './deps';
import { getFarmOrderRow, toFarmOrder, transitionFarmOrder } from './farm-orders';
import { getGardenTestRow, toGardenTest, transitionGardenTest } from './garden-tests';
import { adminMarkPaid, adminMarkRefunded, sessionsOf } from './payments';

type Db = Kysely<Database> | Transaction<Database>;

interface HistoryPerson {
  name: string | null;
  role: 'ADMIN' | 'USER';
}

/**
 * The status history with who made each change: the name from the contacts read model, the
 * role from who it was (the order's owner is the customer; anyone else changing an order is an
 * admin); null for changes the system made (payments, parcels, results).
 */
async function historyWithPeople(
  db: Db,
  history: StatusHistoryEntry[],
  ownerId: string,
): Promise<(StatusHistoryEntry & { updatedBy: HistoryPerson | null })[]> {
  const ids = [...new Set(history.map((h) => h.updatedByUserId).filter((x): x is string => !!x))];
  const people = ids.length ? await contactNamesOf(db, ids) : [];
  const byId = new Map(people.map((p) => [p.user_id, p]));
  return history.map((h) => {
    if (!h.updatedByUserId) return { ...h, updatedBy: null };
    const p = byId.get(h.updatedByUserId);
    const name = p ? [p.first_name, p.last_name].filter(Boolean).join(' ') || p.email : null;
    return {
      ...h,
      updatedBy: { name, role: h.updatedByUserId === ownerId ? 'USER' : 'ADMIN' },
    };
  });
}

/** An order's admin detail: the order, its client, company, farm, report, people and payments. */
export async function adminOrderDetail(deps: Deps, mode: AdminMode, id: string) {
  const db = deps.ctx.db;
  if (mode === 'farm') {
    const row = await getFarmOrderRow(db, id);
    const order = await toFarmOrder(db, row);
    const contact = await getContact(db, row.user_id);
    const customer = row.customer as {
      firstName: string;
      lastName: string;
      email: string;
      phoneNumber: string | null;
      companyName: string | null;
      taxNumber: string | null;
    };
    const crops = new Map<
      string,
      {
        cropId: string;
        fieldName: string;
        plantId: string;
        plotNumbers: string[];
        areaHa: number;
        sectors: number;
      }
    >();
    for (const s of order.samples) {
      const c = crops.get(s.cropId) ?? {
        cropId: s.cropId,
        fieldName: s.fieldName,
        plantId: s.plantId,
        plotNumbers: s.plotNumbers,
        areaHa: 0,
        sectors: 0,
      };
      c.areaHa = Math.round((c.areaHa + s.areaHa) * 100) / 100;
      c.sectors += 1;
      crops.set(s.cropId, c);
    }
    const failures = await failedOrdersOf(db, id);
    return {
      ...order,
      statusHistory: await historyWithPeople(db, order.statusHistory, row.user_id),
      client: {
        ...customer,
        address: contact?.address ?? null,
        isDataComplete: contact?.isDataComplete ?? false,
      },
      company:
        customer.companyName || customer.taxNumber
          ? { companyName: customer.companyName, taxNumber: customer.taxNumber }
          : null,
      farm: { totalAreaHa: order.totalAreaHa, crops: [...crops.values()] },
      report: {
        sampleCodes: order.samples.map((s) => s.code),
        additionalTests: order.additionalTests,
        completed: ['ORDER_COMPLETED', 'RESULTS_UPDATED'].includes(order.status),
      },
      payments: await sessionsOf(db, id),
      failedPayments: failures.map((f) => ({
        errorType: f.error_type,
        errorMessage: f.error_message,
        attempts: f.attempts,
        updatedAt: new Date(f.updated_at).toISOString(),
      })),
    };
  }
  const row = await getGardenTestRow(db, id);
  const test = await toGardenTest(db, row);
  const contact = await getContact(db, row.user_id);
  const customer = row.customer as { companyName: string | null; taxNumber: string | null };
  return {
    ...test,
    statusHistory: await historyWithPeople(db, test.statusHistory, row.user_id),
    client: { ...(row.customer as object), address: contact?.address ?? null },
    company:
      customer.companyName || customer.taxNumber
        ? { companyName: customer.companyName, taxNumber: customer.taxNumber }
        : null,
    farm: null,
    report: {
      sampleCodes: [row.barcode],
      additionalTests: test.additionalTestTypes,
      completed: ['COMPLETE_RESULTS', 'RESULTS_UPDATED', 'RESULTS_READY'].includes(row.status),
    },
  };
}

/** An admin moves an order along its machine; returns the order's detail. */
export async function adminChangeStatus(
  deps: Deps,
  mode: AdminMode,
  id: string,
  status: string,
  adminId: string,
  trackingNumber?: string,
) {
  const db = deps.ctx.db;
  if (mode === 'farm') {
    await db
      .transaction()
      .execute((trx) =>
        transitionFarmOrder(trx, deps, id, status as FarmOrderStatus, 'ADMIN', adminId, { trackingNumber }),
      );
  } else {
    await db
      .transaction()
      .execute((trx) => transitionGardenTest(trx, deps, id, status as GardenTestStatus, 'ADMIN', adminId));
  }
  return adminOrderDetail(deps, mode, id);
}

/** An admin records a farm order's bank transfer as received; returns the order's detail. */
export async function adminMarkOrderPaid(deps: Deps, mode: AdminMode, id: string, adminId: string) {
  if (mode === 'garden')
    throw conflict(
      OrdersErrorCode.paymentMethodMismatch,
      'Garden tests are paid with their kit: mark the kit order or the label batch paid',
    );
  const row = await getFarmOrderRow(deps.ctx.db, id);
  if (row.status === 'ORDER_CANCELLED')
    throw conflict(OrdersErrorCode.cancelNotAllowed, 'The order is cancelled');
  await adminMarkPaid(deps, 'FARM', id, adminId);
  return adminOrderDetail(deps, mode, id);
}

/** The money of a payment that arrived for a cancelled order was returned (decision 0039). */
export async function adminMarkOrderRefunded(deps: Deps, mode: AdminMode, id: string) {
  if (mode === 'garden')
    throw conflict(OrdersErrorCode.paymentMethodMismatch, 'Garden tests are paid with their kit');
  await getFarmOrderRow(deps.ctx.db, id);
  await adminMarkRefunded(deps, id);
  return adminOrderDetail(deps, mode, id);
}
