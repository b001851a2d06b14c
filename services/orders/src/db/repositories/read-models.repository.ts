import type { Kysely, Selectable, Transaction } from 'kysely';
import type { TCropSnapshot } from '@gleba/contracts';
import type { ContactsTable, CropsTable, Database, Outline, SectorRow } from '../database';

type Db = Kysely<Database> | Transaction<Database>;

export interface Contact {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  phoneNumber: string | null;
  language: string;
  companyName: string | null;
  taxNumber: string | null;
  address: Record<string, unknown> | null;
  isDataComplete: boolean;
}

export interface CropView {
  cropId: string;
  userId: string;
  name: string;
  fieldName: string;
  plantId: string;
  areaHa: number;
  plotNumbers: string[];
  sectors: SectorRow[];
  geometry: Outline | null;
  deleted: boolean;
}

export function toContact(r: Selectable<ContactsTable>): Contact {
  return {
    userId: r.user_id as string,
    email: r.email as string,
    firstName: r.first_name as string,
    lastName: r.last_name as string,
    phoneNumber: (r.phone_number as string | null) ?? null,
    language: r.language as string,
    companyName: (r.company_name as string | null) ?? null,
    taxNumber: (r.tax_number as string | null) ?? null,
    address: (r.address as Record<string, unknown> | null) ?? null,
    isDataComplete: r.is_data_complete as boolean,
  };
}

export async function getContact(db: Db, userId: string): Promise<Contact | null> {
  const row = await db.selectFrom('contacts').selectAll().where('user_id', '=', userId).executeTakeFirst();
  return row ? toContact(row) : null;
}

export async function upsertContact(trx: Transaction<Database>, c: Contact): Promise<void> {
  const values = {
    user_id: c.userId,
    email: c.email,
    first_name: c.firstName,
    last_name: c.lastName,
    phone_number: c.phoneNumber,
    language: c.language,
    company_name: c.companyName,
    tax_number: c.taxNumber,
    address: JSON.stringify(c.address),
    is_data_complete: c.isDataComplete,
    updated_at: new Date(),
  };
  await trx
    .insertInto('contacts')
    .values(values)
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...values, user_id: undefined }))
    .execute();
}

/** A registration names the user before any profile exists; it never clears profile data. */
export async function upsertRegisteredContact(
  trx: Transaction<Database>,
  c: Pick<Contact, 'userId' | 'email' | 'firstName' | 'lastName' | 'phoneNumber' | 'language'>,
): Promise<void> {
  const base = {
    email: c.email,
    first_name: c.firstName,
    last_name: c.lastName,
    phone_number: c.phoneNumber,
    language: c.language,
    updated_at: new Date(),
  };
  await trx
    .insertInto('contacts')
    .values({ user_id: c.userId, ...base, address: JSON.stringify(null), is_data_complete: false })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(base))
    .execute();
}

export function toCropView(r: Selectable<CropsTable>): CropView {
  return {
    cropId: r.crop_id as string,
    userId: r.user_id as string,
    name: r.name as string,
    fieldName: r.field_name as string,
    plantId: r.plant_id as string,
    areaHa: r.area_ha as number,
    plotNumbers: r.plot_numbers as string[],
    sectors: r.sectors as SectorRow[],
    geometry: (r.geometry as Outline | null) ?? null,
    deleted: r.deleted as boolean,
  };
}

export async function upsertCrop(trx: Transaction<Database>, s: TCropSnapshot): Promise<void> {
  const values = {
    user_id: s.userId,
    name: s.name,
    field_name: s.fieldName,
    plant_id: s.plantId,
    area_ha: s.areaHa,
    plot_numbers: JSON.stringify(s.plotNumbers),
    sectors: JSON.stringify(
      s.sectors.map((x) => ({ sectorId: x.sectorId, name: x.name, areaHa: x.areaHa, geometry: x.geometry })),
    ),
    geometry: s.geometry ? JSON.stringify(s.geometry) : null,
    deleted: false,
    updated_at: new Date(),
  };
  await trx
    .insertInto('crops')
    .values({ crop_id: s.cropId, ...values })
    .onConflict((oc) => oc.column('crop_id').doUpdateSet(values))
    .execute();
}

export async function markCropDeleted(trx: Transaction<Database>, cropId: string): Promise<void> {
  await trx
    .updateTable('crops')
    .set({ deleted: true, updated_at: new Date() })
    .where('crop_id', '=', cropId)
    .execute();
}

export async function cropsOfUser(db: Db, userId: string, cropIds: string[]): Promise<CropView[]> {
  if (cropIds.length === 0) return [];
  const rows = await db
    .selectFrom('crops')
    .selectAll()
    .where('user_id', '=', userId)
    .where('crop_id', 'in', cropIds)
    .where('deleted', '=', false)
    .execute();
  return rows.map(toCropView);
}

/** The names and e-mails of the contacts `userIds` (those known to the read model). */
export async function contactNamesOf(db: Db, userIds: string[]) {
  return db
    .selectFrom('contacts')
    .select(['user_id', 'first_name', 'last_name', 'email'])
    .where('user_id', 'in', userIds)
    .execute();
}
