// SQL for users.
import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Database, UsersTable } from '../db/schema.js';

export type UserRow = Selectable<UsersTable>;

export class UsersRepo {
  constructor(private readonly db: Kysely<Database>) {}

  byId(id: number): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  byMobile(mobile: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('mobile', '=', mobile).executeTakeFirst();
  }

  byOpenid(openid: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('openid', '=', openid).executeTakeFirst();
  }

  byInvitationCode(code: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('invitation_code', '=', code).executeTakeFirst();
  }

  async insert(row: Insertable<UsersTable>, db: Kysely<Database> = this.db): Promise<number> {
    const r = await db.insertInto('users').values(row).returning('id').executeTakeFirstOrThrow();
    return r.id;
  }

  async update(id: number, patch: Updateable<UsersTable>, db: Kysely<Database> = this.db): Promise<void> {
    await db.updateTable('users').set(patch).where('id', '=', id).execute();
  }
}
