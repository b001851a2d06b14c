// `npm run seed -w @gleba/identity`: one demo admin and one demo farmer with complete data. Idempotent.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  createDatabase,
  createOutbox,
  createLogger,
  loadConfig,
  migrateToLatest,
  refuseInProduction,
} from '@gleba/platform';
import { UserActivatedV1, type TProfileBody } from '@gleba/contracts';
import { ZConfig } from './config';
import type { Deps } from './app/deps';
import { publishRegistered } from './app/accounts';
import { publishProfileUpdated } from './app/events';
import type { Database } from './db/database';
import { migrations } from './db/migrations';
import { findUserByEmail, insertUser, upsertProfile } from './db/repositories/users.repository';
import { PasswordHasher } from './domain/passwords';
import { isDataComplete, type ProfileData } from './domain/profile';
import { newPublicUserId } from './domain/secrets';

export const DEMO_ADMIN = { email: 'admin@gleba.local', password: 'Admin123!' };
export const DEMO_FARMER = { email: 'farmer@gleba.local', password: 'Farmer123!' };

const farmerProfile: ProfileData = {
  serviceRole: 'PERSONAL',
  personalData: {
    firstName: 'Jan',
    lastName: 'Rolnik',
    genderType: 'MAN',
    phoneNumber: '+48600100200',
    taxNumber: null,
    address: {
      voivodeship: 'GREATER_POLAND',
      cityName: 'Poznań',
      postCode: '60-101',
      streetName: 'Polna',
      buildingNumber: '12',
      apartmentNumber: null,
    },
  },
  businessData: null,
  correspondenceAddress: { addressSource: 'PERSONAL_DATA', address: null },
} satisfies ProfileData & Omit<TProfileBody, 'personalData'>;

export async function seed(
  db: Kysely<Database>,
  options: {
    bcryptCost: number;
    logger?: ReturnType<typeof createLogger>;
    env?: Record<string, string | undefined>;
  } = { bcryptCost: 12 },
) {
  refuseInProduction('The demo seed (known passwords)', options.env ?? process.env);
  const hasher = new PasswordHasher(options.bcryptCost);
  const outbox = createOutbox('identity');
  // Only what the event helpers use: the outbox.
  const ctx = { outbox } as unknown as Deps;
  const demo = [
    {
      ...DEMO_ADMIN,
      role: 'ADMIN' as const,
      firstName: 'Anna',
      lastName: 'Admin',
      phone: '+48600000001',
      profile: null,
    },
    {
      ...DEMO_FARMER,
      role: 'USER' as const,
      firstName: 'Jan',
      lastName: 'Rolnik',
      phone: '+48600100200',
      profile: farmerProfile,
    },
  ];
  const created: string[] = [];
  for (const d of demo) {
    if (await findUserByEmail(db, d.email)) continue;
    const passwordHash = await hasher.hash(d.password);
    await db.transaction().execute(async (trx) => {
      const user = await insertUser(trx, {
        id: randomUUID(),
        public_user_id: newPublicUserId(),
        first_name: d.firstName,
        last_name: d.lastName,
        email: d.email,
        phone_number: d.phone,
        gender: d.role === 'ADMIN' ? 'WOMAN' : 'MAN',
        password_hash: passwordHash,
        role: d.role,
        is_active: true,
        language: 'pl',
        terms_accepted_at: new Date(),
      });
      await publishRegistered(ctx, trx, user);
      await outbox.publish(trx, UserActivatedV1, { userId: user.id });
      if (d.profile) {
        await upsertProfile(trx, user.id, d.profile, isDataComplete(d.profile, user.phoneNumber));
        await publishProfileUpdated(ctx, trx, user);
      }
    });
    created.push(d.email);
  }
  return created;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const config = loadConfig(ZConfig, { SERVICE_NAME: 'identity', ...process.env });
  const logger = createLogger('identity-seed', config.LOG_LEVEL);
  const db = createDatabase<Database>(config.DATABASE_URL, { max: 2, applicationName: 'identity-seed' });
  try {
    await migrateToLatest(db as Kysely<unknown>, migrations, { databaseUrl: config.DATABASE_URL, logger });
    const created = await seed(db, { bcryptCost: config.BCRYPT_COST });
    console.log(created.length ? `seeded ${created.join(', ')}` : 'demo users already present');
  } finally {
    await db.destroy();
  }
}
