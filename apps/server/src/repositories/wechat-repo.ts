// SQL for WeChat QR login attempts.
import type { Kysely, Selectable } from 'kysely';
import type { Database, WechatLoginsTable } from '../db/schema.js';

export type WechatLoginRow = Selectable<WechatLoginsTable>;

export class WechatRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** `bindUserId`: a binding QR of that user (profile), which never logs anyone in. */
  async insert(logkey: string, now: number, expiresAt: number, bindUserId: number | null = null): Promise<void> {
    await this.db
      .insertInto('wechat_logins')
      .values({ logkey, status: 'WAIT', openid: null, created_at: now, expires_at: expiresAt, scanned_at: null, bind_user_id: bindUserId })
      .execute();
  }

  byLogkey(logkey: string): Promise<WechatLoginRow | undefined> {
    return this.db.selectFrom('wechat_logins').selectAll().where('logkey', '=', logkey).executeTakeFirst();
  }

  /** WAIT → SCANNED; false when the key is unknown, expired or already scanned. */
  async markScanned(logkey: string, openid: string, now: number): Promise<boolean> {
    const r = await this.db
      .updateTable('wechat_logins')
      .set({ status: 'SCANNED', openid, scanned_at: now })
      .where('logkey', '=', logkey)
      .where('status', '=', 'WAIT')
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /** SCANNED → DONE exactly once, so a token is issued once per scan. */
  async markDone(logkey: string, db: Kysely<Database> = this.db): Promise<boolean> {
    const r = await db
      .updateTable('wechat_logins')
      .set({ status: 'DONE' })
      .where('logkey', '=', logkey)
      .where('status', '=', 'SCANNED')
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /** A scan of this openid that has not been used yet and is recent enough to register with. */
  scannedOpenid(openid: string, since: number): Promise<WechatLoginRow | undefined> {
    return this.db
      .selectFrom('wechat_logins')
      .selectAll()
      .where('openid', '=', openid)
      .where('status', '=', 'SCANNED')
      .where('scanned_at', '>', since)
      // A binding scan is for the account that asked, never a ticket to register a new one.
      .where('bind_user_id', 'is', null)
      .orderBy('scanned_at', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  async markOpenidDone(openid: string, db: Kysely<Database> = this.db): Promise<void> {
    await db.updateTable('wechat_logins').set({ status: 'DONE' }).where('openid', '=', openid).execute();
  }
}
