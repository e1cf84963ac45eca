// Operations CLI (issue 18): what operators do before the operator console exists — redeem-code
// batches, voiding codes, giving gifts, reviewing free-plan screenshots, attaching tool videos. It
// works on the database the server's environment names (DATA_DIR / DATABASE_URL), migrating and
// seeding it first as the server does at start.
//   npm run ops -- help
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { TIER_NAMES } from '@labstat/contracts';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { seed } from '../db/seed.js';
import type { TierValue } from '../db/schema.js';
import { DAY_MS, formatBeijing } from '../lib/time.js';
import { RateRepo } from '../repositories/rate-repo.js';
import { VideosRepo } from '../repositories/videos-repo.js';
import { UsersRepo } from '../repositories/users-repo.js';
import type { CommerceDeps } from '../services/commerce/deps.js';
import { durationLabel } from '../services/commerce/membership-service.js';
import { createUserCommerce } from '../services/commerce/user-container.js';
import { createStore } from '../services/container.js';
import { RateLimiter } from '../services/rate-limiter.js';
import { VIDEO_MAX_BYTES, VideoService } from '../services/video-service.js';
import { AuditRepo } from '../repositories/audit-repo.js';
import { OpsRepo } from '../repositories/ops-repo.js';
import { AuditService } from '../services/ops/audit-service.js';
import { UsersOps } from '../services/ops/users-ops.js';

export const USAGE = `LabStat operations

  grant-operator PHONE
      give the user with this phone number the operator role (the console under /#/ops)
  revoke-operator PHONE
      take the operator role away (effective on the user's next request)

  redeem-batch --tier vip|svip (--days N | --life) --count K [--expires YYYY-MM-DD] [--note TEXT] [--csv FILE]
      make K redeem codes (printed one per line; --csv also writes them to FILE);
      --expires: the last day (Beijing time) they can be redeemed
  redeem-void CODE
      void an unused code
  gift-grant PHONE --name TEXT --description TEXT [--types ID,ID…]
      give the user with this phone number a gift (activatable as the listed gift types; default: any)
  gift-types
      list the gift types
  free-list
      list free-plan screenshots waiting for review
  free-review ID approve|reject [--reason TEXT]
      approve (one month of standard membership, once per user) or reject a screenshot
  video-set TOOLID FILE
      attach an MP4 or WebM file (at most ${VIDEO_MAX_BYTES / 1024 / 1024} MB) as the tool's video (统计课堂 and
      the card's demo video), replacing any earlier one; the file is copied into the store
  video-clear TOOLID
      remove the tool's video (the tool shows 此工具暂无视频 again)
`;

export interface OpsIo {
  out(line: string): void;
  err(line: string): void;
}

class UsageError extends Error {}

/** Parts of the server the ops commands never use: touching one is a bug, said plainly. */
function unavailable<T extends object>(name: string): T {
  return new Proxy({} as T, {
    get(_t, prop) {
      throw new Error(`${name}.${String(prop)} is not available in the ops CLI`);
    },
  });
}

/** Runs one command; returns the process exit code (0 done, 1 refused or failed, 2 usage). */
export async function runOps(argv: string[], env: NodeJS.ProcessEnv, io: OpsIo): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === 'help' || command === '--help' || command === '-h') {
    io.out(USAGE);
    return command ? 0 : 2;
  }
  const config = loadConfig(env);
  const db = openDatabase(config);
  try {
    await migrateToLatest(db);
    await seed(db);
    const now = () => Date.now();
    const deps: CommerceDeps = {
      db: db.kysely,
      config,
      users: new UsersRepo(db.kysely),
      limiter: new RateLimiter(new RateRepo(db.kysely), now),
      store: createStore(config),
      now,
      sessions: unavailable('sessions'),
      sms: unavailable('sms'),
      wechat: unavailable('wechat'),
      wechatProvider: unavailable('wechatProvider'),
    };
    const c = createUserCommerce(deps);
    switch (command) {
      case 'grant-operator':
      case 'revoke-operator': {
        const { positionals } = parseArgs({ args: rest, allowPositionals: true, options: {} });
        if (positionals.length !== 1) throw new UsageError(`${command} takes one PHONE`);
        const mobile = positionals[0]!.trim();
        const on = command === 'grant-operator';
        const usersOps = new UsersOps(db.kysely, new OpsRepo(db.kysely), deps.users, unavailable('sessions'), new AuditService(new AuditRepo(db.kysely), now), now);
        const r = await usersOps.setOperator(mobile, on).catch((err: Error) => {
          throw new Error(err.message === '用户不存在' ? `no user with mobile ${mobile}` : err.message);
        });
        io.out(`user ${r.userId} (${mobile}): ${r.changed ? (on ? 'is now an operator' : 'is no longer an operator') : on ? 'was already an operator' : 'was not an operator'}`);
        return 0;
      }
      case 'redeem-batch': {
        const { values } = parseArgs({
          args: rest,
          options: {
            tier: { type: 'string' },
            days: { type: 'string' },
            life: { type: 'boolean' },
            count: { type: 'string' },
            expires: { type: 'string' },
            note: { type: 'string' },
            csv: { type: 'string' },
          },
        });
        const tier = values.tier;
        if (tier !== 'vip' && tier !== 'svip') throw new UsageError('--tier must be vip or svip');
        if (values.life === (values.days !== undefined)) throw new UsageError('give exactly one of --days N and --life');
        const days = values.life ? null : wholeNumber(values.days!, '--days', 1, 36_500);
        const count = wholeNumber(values.count ?? '', '--count', 1, 10_000);
        const expiresAt = values.expires ? endOfBeijingDay(values.expires) : null;
        if (expiresAt !== null && expiresAt <= Date.now()) throw new UsageError('--expires is in the past');
        const { batchId, codes } = await c.redeem.createBatch({ tier: tier as TierValue, days, count, expiresAt, note: values.note ?? '' });
        if (values.csv) {
          const expires = expiresAt === null ? '' : formatBeijing(expiresAt - 1000);
          const lines = ['code,tier,duration,expires', ...codes.map((code) => `${code},${TIER_NAMES[tier]},${durationLabel(days)},${expires}`)];
          fs.writeFileSync(values.csv, `${lines.join('\n')}\n`, { mode: 0o600 });
        }
        for (const code of codes) io.out(code);
        io.err(`batch ${batchId}: ${codes.length} codes, ${TIER_NAMES[tier]} ${durationLabel(days)}${expiresAt ? `, redeemable until ${formatBeijing(expiresAt - 1000)}` : ''}${values.csv ? `, written to ${values.csv}` : ''}`);
        return 0;
      }
      case 'redeem-void': {
        const { positionals } = parseArgs({ args: rest, allowPositionals: true, options: {} });
        if (positionals.length !== 1) throw new UsageError('redeem-void takes one CODE');
        const r = await c.redeem.voidCode(positionals[0]!);
        const said = { voided: 'voided', unknown: 'no such code', used: 'already redeemed: cannot be voided', already: 'already voided' }[r];
        (r === 'voided' ? io.out : io.err)(`${positionals[0]}: ${said}`);
        return r === 'voided' ? 0 : 1;
      }
      case 'gift-grant': {
        const { values, positionals } = parseArgs({
          args: rest,
          allowPositionals: true,
          options: { name: { type: 'string' }, description: { type: 'string' }, types: { type: 'string' } },
        });
        if (positionals.length !== 1) throw new UsageError('gift-grant takes one PHONE');
        const name = values.name?.trim() ?? '';
        const description = values.description?.trim() ?? '';
        if (!name || name.length > 64) throw new UsageError('--name is required (at most 64 characters)');
        if (description.length > 300) throw new UsageError('--description is at most 300 characters');
        const giftTypeIds = values.types ? values.types.split(',').map((t) => wholeNumber(t.trim(), '--types', 1, Number.MAX_SAFE_INTEGER)) : null;
        const r = await c.gifts.grantByOps(positionals[0]!.trim(), { name, description, giftTypeIds });
        io.out(`gift ${r.giftId} given to user ${r.userId} (${positionals[0]})`);
        return 0;
      }
      case 'gift-types': {
        for (const t of await c.gifts.types()) io.out(`${t.id}\t${t.label}\t${TIER_NAMES[t.tier]} ${durationLabel(t.days)}${t.active ? '' : '\t(inactive)'}`);
        return 0;
      }
      case 'free-list': {
        const rows = await c.freePlan.pending();
        if (!rows.length) io.err('no screenshots waiting for review');
        for (const r of rows) io.out(`${r.id}\tuser ${r.userId}\t${r.mobile}\t${r.submitted}\t${r.filePath}`);
        return 0;
      }
      case 'free-review': {
        const { values, positionals } = parseArgs({ args: rest, allowPositionals: true, options: { reason: { type: 'string' } } });
        const [idText, decision] = positionals;
        if (positionals.length !== 2 || (decision !== 'approve' && decision !== 'reject')) throw new UsageError('free-review takes ID approve|reject');
        const id = wholeNumber(idText!, 'ID', 1, Number.MAX_SAFE_INTEGER);
        const r = await c.freePlan.review(id, decision, (values.reason ?? '').trim().slice(0, 300));
        const said = {
          approved: 'approved: one month of standard membership granted',
          rejected: 'rejected',
          'already-had': 'not granted: this user already had the free month (marked rejected)',
          'not-pending': 'not waiting for review (already decided)',
          unknown: 'no such submission',
        }[r];
        (r === 'approved' || r === 'rejected' ? io.out : io.err)(`submission ${id}: ${said}`);
        return r === 'approved' || r === 'rejected' ? 0 : 1;
      }
      case 'video-set':
      case 'video-clear': {
        const { positionals } = parseArgs({ args: rest, allowPositionals: true, options: {} });
        const want = command === 'video-set' ? 2 : 1;
        if (positionals.length !== want) throw new UsageError(command === 'video-set' ? 'video-set takes TOOLID FILE' : 'video-clear takes TOOLID');
        const toolId = wholeNumber(positionals[0]!, 'TOOLID', 1, Number.MAX_SAFE_INTEGER);
        const videos = new VideoService(new VideosRepo(db.kysely), deps.store, config, now);
        if (command === 'video-clear') {
          const had = await videos.clear(toolId);
          io.out(`tool ${toolId}: ${had ? 'video removed' : 'had no video'}`);
          return 0;
        }
        const r = await videos.attach(toolId, positionals[1]!);
        io.out(`tool ${toolId}: video ${r.fileId} (${r.contentType}, ${r.size} bytes)`);
        return 0;
      }
      default:
        throw new UsageError(`unknown command: ${command}`);
    }
  } catch (err) {
    // Service errors (AppError) carry a numeric envelope code; only node's parseArgs codes are strings.
    const code = (err as { code?: unknown }).code;
    if (err instanceof UsageError || (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS'))) {
      io.err(`${(err as Error).message}\n\n${USAGE}`);
      return 2;
    }
    io.err(`error: ${(err as Error).message}`);
    return 1;
  } finally {
    await db.close();
  }
}

function wholeNumber(text: string, what: string, min: number, max: number): number {
  const n = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(n) || n < min || n > max) throw new UsageError(`${what} must be a whole number from ${min} to ${max}`);
  return n;
}

/** The first moment after the given Beijing calendar day. */
function endOfBeijingDay(day: string): number {
  const start = /^\d{4}-\d{2}-\d{2}$/.test(day) ? Date.parse(`${day}T00:00:00+08:00`) : NaN;
  if (Number.isNaN(start) || formatBeijing(start).slice(0, 10) !== day) throw new UsageError('--expires must be a date YYYY-MM-DD');
  return start + DAY_MS;
}

// Run as a command (also through a symlinked path), not imported by a test.
if (process.argv[1] && import.meta.url === pathToFileURL(fs.realpathSync(process.argv[1])).href) {
  const code = await runOps(process.argv.slice(2), process.env, {
    out: (line) => console.log(line),
    err: (line) => console.error(line),
  });
  process.exit(code);
}
