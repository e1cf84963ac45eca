// What the commerce services are built from (one place, so each half wires itself without touching
// the other's files).
import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { Database } from '../../db/schema.js';
import type { UsersRepo } from '../../repositories/users-repo.js';
import type { RateLimiter } from '../rate-limiter.js';
import type { SessionService } from '../session-service.js';
import type { SmsService } from '../sms-service.js';
import type { WechatService } from '../wechat-service.js';
import type { WechatProvider } from '../../providers/wechat/wechat-provider.js';
import type { ObjectStore } from '../../storage/object-store.js';

export interface CommerceDeps {
  db: Kysely<Database>;
  config: Config;
  users: UsersRepo;
  limiter: RateLimiter;
  sessions: SessionService;
  sms: SmsService;
  wechat: WechatService;
  wechatProvider: WechatProvider;
  store: ObjectStore;
  now: () => number;
}
