import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  ComplaintAnsweredV1,
  ComplaintFiledV1,
  OrdersErrorCode,
  pageMeta,
  type ComplaintReason,
  type ComplaintStatus,
  type TComplaint,
  type TFileComplaintBody,
  type TMyComplaints,
} from '@gleba/contracts';
import { AppError, conflict } from '@gleba/platform';
import {
  complaintSubject,
  complaintsOfTest,
  getComplaint,
  insertComplaint,
  listComplaints,
  lockComplaint,
  lockComplaintsOfTest,
  resultsDateOf,
  saveAnswer,
  type ComplaintRow,
  type ComplaintSubject,
} from '../db/repositories/complaints.repository';
import { complaintWindow } from '../domain/complaints';
import { sniffImage } from '../domain/photo';
import type { Deps } from './deps';
import { testNotFound } from './errors';
import type { UploadedPhoto } from './garden-tests';

export interface StoredPhoto {
  filename: string;
  path: string;
  mimetype: string;
}

const complaintNotFound = () => new AppError(OrdersErrorCode.complaintNotFound, 404, 'Complaint not found');

export function toComplaint(c: ComplaintRow): TComplaint {
  return {
    id: c.id,
    kind: c.kind as TComplaint['kind'],
    testId: c.test_id,
    orderId: c.order_id,
    orderNumber: c.order_number,
    barcode: c.barcode,
    fieldName: c.field_name,
    sectorName: c.sector_name,
    sampleNumber: c.sample_number,
    userId: c.user_id,
    reason: c.reason as ComplaintReason,
    text: c.text,
    hasPhoto: !!c.photo,
    status: c.status as ComplaintStatus,
    answer: c.answer,
    retest: c.retest,
    createdAt: new Date(c.created_at).toISOString(),
    answeredAt: c.answered_at ? new Date(c.answered_at).toISOString() : null,
  };
}

/** A sample photo (an image by its first bytes, within the size limit) written under the upload dir. */
async function storePhoto(deps: Deps, complaintId: string, file: UploadedPhoto): Promise<StoredPhoto> {
  if (file.buffer.length > deps.ctx.config.PHOTO_MAX_BYTES) {
    throw new AppError(OrdersErrorCode.photoTooLarge, 413, 'Photo too large', undefined, {
      max: Math.round(deps.ctx.config.PHOTO_MAX_BYTES / 1048576),
    });
  }
  const kind = sniffImage(file.buffer);
  if (!kind)
    throw new AppError(OrdersErrorCode.photoNotImage, 415, 'The photo is not a JPEG, PNG or WebP image');
  const relative = path.join('complaints', complaintId, `${randomUUID()}.${kind.ext}`);
  const absolute = path.join(deps.ctx.config.UPLOAD_DIR, relative);
  await mkdir(path.dirname(absolute), { recursive: true });
  await writeFile(absolute, file.buffer);
  const filename = path
    .basename(file.originalname || `photo.${kind.ext}`)
    .replace(/[^\w.\- ]/g, '_')
    .slice(0, 120);
  return { filename, path: relative, mimetype: kind.mimetype };
}

/** The customer's own garden test or farm order sample (404 for anyone else's). */
async function ownSubject(deps: Deps, testId: string, userId: string): Promise<ComplaintSubject> {
  const subject = await complaintSubject(deps.ctx.db, testId, userId);
  if (!subject) throw testNotFound();
  return subject;
}

/**
 * The customer's complaints about one of their samples (a garden test or a farm order's sample),
 * and whether they may file one now.
 */
export async function myComplaints(deps: Deps, userId: string, testId: string): Promise<TMyComplaints> {
  const db = deps.ctx.db;
  const subject = await ownSubject(deps, testId, userId);
  const items = await complaintsOfTest(db, testId, userId);
  const window = complaintWindow(
    await resultsDateOf(db, subject),
    new Date(),
    items.map((c) => c.status),
  );
  return { window, items: items.map(toComplaint) };
}

/** Files a complaint about the customer's own sample, within 14 days of its latest results. */
export async function fileComplaint(
  deps: Deps,
  userId: string,
  testId: string,
  body: TFileComplaintBody,
  file: UploadedPhoto | undefined,
): Promise<TComplaint> {
  const db = deps.ctx.db;
  const subject = await ownSubject(deps, testId, userId);
  const check = async (statuses: readonly string[]) => {
    const window = complaintWindow(await resultsDateOf(db, subject), new Date(), statuses);
    if (window.closedReason === 'NO_RESULTS')
      throw conflict(OrdersErrorCode.complaintNoResults, 'No results yet: nothing to complain about');
    if (window.closedReason === 'EXPIRED')
      throw conflict(
        OrdersErrorCode.complaintWindowClosed,
        `Complaints close 14 days after the results (${window.until})`,
      );
    if (window.closedReason === 'PENDING')
      throw conflict(
        OrdersErrorCode.complaintPending,
        'An earlier complaint about this sample is still open or being re-tested',
      );
  };
  await check((await complaintsOfTest(db, testId, userId)).map((c) => c.status));
  const id = randomUUID();
  const photo = file ? await storePhoto(deps, id, file) : null;
  await db.transaction().execute(async (trx) => {
    // Two complaints sent at once: the second waits for the first and is then refused.
    await lockComplaintsOfTest(trx, testId);
    await check((await complaintsOfTest(trx, testId, userId)).map((c) => c.status));
    await insertComplaint(trx, {
      id,
      kind: subject.kind,
      testId,
      userId,
      reason: body.reason,
      text: body.text,
      photo,
    });
    await deps.ctx.outbox.publish(trx, ComplaintFiledV1, {
      complaintId: id,
      kind: subject.kind,
      testId,
      orderId: subject.orderId,
      sampleCode: subject.code,
      orderNumber: subject.orderNumber,
      userId,
      reason: body.reason,
      filedAt: new Date().toISOString(),
    });
  });
  return toComplaint((await getComplaint(db, id))!);
}

export async function complaintPhoto(deps: Deps, id: string, userId?: string): Promise<StoredPhoto> {
  const c = await getComplaint(deps.ctx.db, id, userId);
  if (!c) throw complaintNotFound();
  if (!c.photo) throw new AppError(OrdersErrorCode.photoNotFound, 404, 'No photo');
  return c.photo as StoredPhoto;
}

export async function adminComplaints(
  deps: Deps,
  query: { status?: ComplaintStatus; page: number; perPage: number },
) {
  const { rows, total } = await listComplaints(deps.ctx.db, query);
  return { items: rows.map(toComplaint), meta: pageMeta(query.page, query.perPage, total) };
}

/** The lab's answer; with `retest` the complaint waits for the sample's new results. */
export async function answerComplaint(
  deps: Deps,
  adminId: string,
  id: string,
  body: { answer: string; retest: boolean },
): Promise<TComplaint> {
  const db = deps.ctx.db;
  await db.transaction().execute(async (trx) => {
    const c = await lockComplaint(trx, id);
    if (!c) throw complaintNotFound();
    if (c.status !== 'OPEN')
      throw conflict(OrdersErrorCode.complaintAlreadyAnswered, 'The complaint was already answered');
    const subject = await complaintSubject(trx, c.test_id);
    if (!subject) throw complaintNotFound();
    const at = new Date();
    await saveAnswer(trx, id, { text: body.answer, retest: body.retest, byUserId: adminId, at });
    await deps.ctx.outbox.publish(trx, ComplaintAnsweredV1, {
      complaintId: id,
      kind: subject.kind,
      testId: c.test_id,
      orderId: subject.orderId,
      sampleCode: subject.code,
      orderNumber: subject.orderNumber,
      userId: c.user_id,
      answer: body.answer,
      retest: body.retest,
      answeredByUserId: adminId,
      answeredAt: at.toISOString(),
    });
  });
  return toComplaint((await getComplaint(db, id))!);
}
