// Issue 18, half B: a WeChat QR started from the profile binds the scanned openid to the user who
// asked for it (so the key never logs anyone in), and a gift may limit which gift types it can
// become (null: any active type).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('wechat_logins').addColumn('bind_user_id', 'integer').execute();
  /** JSON array of gift_types.id the gift may be activated as; null: every active type. */
  await db.schema.alterTable('user_gifts').addColumn('gift_type_ids', 'varchar(200)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('user_gifts').dropColumn('gift_type_ids').execute();
  await db.schema.alterTable('wechat_logins').dropColumn('bind_user_id').execute();
}
