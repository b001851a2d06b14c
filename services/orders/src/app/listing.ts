import { pageMeta, type AdminMode, type TAdminOrdersQuery } from '@gleba/contracts';
import type { z } from 'zod';
import type { ZMyTestsQuery } from '@gleba/contracts';
import {
  adminFarmOrdersPage,
  adminGardenTestsPage,
  farmOrdersOfUser,
  gardenTestsOfUser,
  type AdminOrdersFilter,
} from '../db/repositories/listing.repository';
import {
  FARM_ENDED,
  FARM_IN_PROGRESS,
  FARM_TO_SEND,
  GARDEN_ENDED,
  GARDEN_IN_PROGRESS,
  GARDEN_TO_SEND,
} from '../domain/status-machine';
import {
  FARM_AWAITING_SAMPLES,
  GARDEN_AWAITING_SAMPLES,
  isLate,
  lateStartedBefore,
} from '../domain/send-reminder';
import type { Deps } from './deps';

type MyTestsQuery = z.output<typeof ZMyTestsQuery>;

/** My tests: the user's farm orders and garden tests, tab Ordered (running) or Archive (ended). */
export async function myTests(deps: Deps, userId: string, q: MyTestsQuery) {
  const db = deps.ctx.db;
  const archive = q.tab === 'ARCHIVE';
  const farm = q.listKind === 'NO_ORDER' ? [] : await farmOrdersOfUser(db, userId, archive, FARM_ENDED);
  const garden = q.listKind === 'ORDERED' ? [] : await gardenTestsOfUser(db, userId, archive, GARDEN_ENDED);
  const items = [
    ...farm.map((o) => {
      const fields = [
        ...new Set((o.quote as { samples: { fieldName: string }[] }).samples.map((s) => s.fieldName)),
      ];
      return {
        id: o.id,
        kind: 'FARM' as const,
        listKind: 'ORDERED' as const,
        orderNumber: o.order_number,
        name: fields.join(', '),
        status: o.status,
        barcode: null,
        numberOfSamples: o.number_of_samples,
        samplerStatus: (o.equipment as string[]).includes('SAMPLER')
          ? ('ORDERED' as const)
          : ('NO_ORDER' as const),
        orderDate: new Date(o.created_at).toISOString(),
      };
    }),
    ...garden.map((t) => ({
      id: t.id,
      kind: 'GARDEN' as const,
      listKind: 'NO_ORDER' as const,
      orderNumber: t.order_number,
      name: t.garden_name,
      status: t.status,
      barcode: t.barcode,
      numberOfSamples: 1,
      samplerStatus: 'NO_ORDER' as const,
      orderDate: new Date(t.created_at).toISOString(),
    })),
  ].sort((a, b) =>
    a.orderDate < b.orderDate ? 1 : a.orderDate > b.orderDate ? -1 : a.orderNumber < b.orderNumber ? 1 : -1,
  );
  const start = (q.page - 1) * q.perPage;
  return { items: items.slice(start, start + q.perPage), meta: pageMeta(q.page, q.perPage, items.length) };
}

function tabStatuses(
  mode: AdminMode,
  tab: TAdminOrdersQuery['tab'],
): { op: 'in' | 'not in'; statuses: readonly string[] } | null {
  const farm = mode === 'farm';
  switch (tab) {
    case 'ALL':
      return null;
    case 'ACTIVE':
      return { op: 'not in', statuses: farm ? FARM_ENDED : GARDEN_ENDED };
    case 'ENDED':
      return { op: 'in', statuses: farm ? FARM_ENDED : GARDEN_ENDED };
    case 'TO_SEND':
      return { op: 'in', statuses: farm ? FARM_TO_SEND : GARDEN_TO_SEND };
    case 'IN_PROGRESS':
      return { op: 'in', statuses: farm ? FARM_IN_PROGRESS : GARDEN_IN_PROGRESS };
  }
}

const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The admin orders table: farm orders (farm mode) or garden tests (garden mode). */
export async function adminOrders(deps: Deps, mode: AdminMode, q: TAdminOrdersQuery) {
  const db = deps.ctx.db;
  const [field, dir] = q.orderBy.split(':') as [string, 'asc' | 'desc'];
  const tab = tabStatuses(mode, q.tab);
  const like = q.search ? likePattern(q.search) : null;
  const exact = q.search?.toUpperCase() ?? null;
  const from = q.dateFrom ? new Date(`${q.dateFrom}T00:00:00Z`) : null;
  const to = q.dateTo ? new Date(new Date(`${q.dateTo}T00:00:00Z`).getTime() + 86_400_000) : null;
  const now = new Date();

  const filter = (column: string): AdminOrdersFilter => ({
    tab,
    late:
      q.late === 'true'
        ? {
            statuses: mode === 'farm' ? FARM_AWAITING_SAMPLES : GARDEN_AWAITING_SAMPLES,
            before: lateStartedBefore(mode === 'farm' ? 'FARM' : 'GARDEN', now),
          }
        : null,
    from,
    to,
    like,
    exact,
    column: column as AdminOrdersFilter['column'],
    dir,
  });

  if (mode === 'farm') {
    const column = {
      orderDate: 'created_at',
      orderNumber: 'order_number',
      totalPrice: 'total_price',
      status: 'status',
    }[field]!;
    const { rows, count } = await adminFarmOrdersPage(db, q, filter(column));
    return {
      items: rows.map((o) => ({
        id: o.id,
        kind: 'FARM' as const,
        orderNumber: o.order_number,
        status: o.status,
        type: o.type,
        paymentMethod: o.payment_method,
        paymentStatus: o.payment_status,
        totalPrice: o.total_price,
        numberOfSamples: o.number_of_samples,
        customer: o.customer,
        orderDate: new Date(o.created_at).toISOString(),
        isLate: isLate(
          'FARM',
          { status: o.status, startedAt: o.kit_sent_at, shippedAt: o.samples_shipped_at },
          now,
        ),
      })),
      meta: pageMeta(q.page, q.perPage, count),
    };
  }

  const column = {
    orderDate: 'created_at',
    orderNumber: 'order_number',
    totalPrice: 'price',
    status: 'status',
  }[field]!;
  const { rows, count } = await adminGardenTestsPage(db, q, filter(column));
  return {
    items: rows.map((t) => ({
      id: t.id,
      kind: 'GARDEN' as const,
      orderNumber: t.order_number,
      status: t.status,
      type: 'STANDARD',
      paymentMethod: null,
      paymentStatus: 'PAID',
      totalPrice: t.price,
      numberOfSamples: 1,
      barcode: t.barcode,
      gardenName: t.garden_name,
      customer: t.customer,
      orderDate: new Date(t.created_at).toISOString(),
      isLate: isLate(
        'GARDEN',
        { status: t.status, startedAt: t.samples_sent_at, shippedAt: t.samples_shipped_at },
        now,
      ),
    })),
    meta: pageMeta(q.page, q.perPage, count),
  };
}
