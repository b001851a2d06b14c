import { sql, type Kysely, type Migration } from 'kysely';

/**
 * A NOTIFY on `gleba_in_app` (payload: the user id) whenever a user's in-app notification is
 * added or marked seen, sent at the writer's commit; the long poll
 * `GET /api/notifications/in-app/changes` of every replica wakes on it. In the trigger, so no
 * writer can forget it and the event path pays no extra round trip.
 */
export const createInAppNotifyTrigger: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create or replace function in_app_notifications_changed() returns trigger language plpgsql as $$
      begin
        perform pg_notify('gleba_in_app', new.user_id::text);
        return null;
      end $$`.execute(db);
    await sql`create trigger in_app_notifications_changed
      after insert or update of seen on in_app_notifications
      for each row execute function in_app_notifications_changed()`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`drop trigger if exists in_app_notifications_changed on in_app_notifications`.execute(db);
    await sql`drop function if exists in_app_notifications_changed()`.execute(db);
  },
};
