// Login tokens: random, stored as SHA-256 hashes, expiring; read from the X-Csrftoken header.
import { AccountMessages, OpsMessages, ResultCode } from '@labstat/contracts';
import { AppError } from '../errors.js';
import { randomToken, sha256 } from '../lib/crypto.js';
import type { SessionsRepo } from '../repositories/sessions-repo.js';

export interface Session {
  userId: number;
  tokenHash: string;
}

/** Expired sessions are kept this long so the client is told "expired" (50014), not "invalid". */
const EXPIRED_GRACE_MS = 30 * 24 * 60 * 60 * 1000;

export class SessionService {
  constructor(
    private readonly repo: SessionsRepo,
    private readonly ttlMs: number,
    private readonly now: () => number,
  ) {}

  /** Refuses a locked account (every way of logging in ends here). */
  async issue(userId: number): Promise<string> {
    if (await this.repo.isLocked(userId)) throw new AppError(ResultCode.forbidden, OpsMessages.accountLocked);
    const token = randomToken();
    const now = this.now();
    await this.repo.insert({
      token_hash: sha256(token),
      user_id: userId,
      created_at: now,
      expires_at: now + this.ttlMs,
      revoked_at: null,
    });
    return token;
  }

  /** Resolves a token or throws 50008 (missing/unknown), 50012 (revoked) or 50014 (expired). */
  async authenticate(token: string | undefined): Promise<Session> {
    if (!token) throw new AppError(ResultCode.tokenInvalid, AccountMessages.loginRequired);
    if (token.length > 256) throw new AppError(ResultCode.tokenInvalid, AccountMessages.tokenInvalid);
    const tokenHash = sha256(token);
    const row = await this.repo.byHash(tokenHash);
    if (!row) throw new AppError(ResultCode.tokenInvalid, AccountMessages.tokenInvalid);
    // Locking revokes the sessions too; this says why, and holds even for a session made meanwhile.
    if (row.locked_at != null) throw new AppError(ResultCode.tokenRevoked, OpsMessages.accountLocked);
    if (row.revoked_at !== null) throw new AppError(ResultCode.tokenRevoked, AccountMessages.tokenInvalid);
    if (row.expires_at <= this.now()) throw new AppError(ResultCode.tokenExpired, AccountMessages.tokenExpired);
    return { userId: row.user_id, tokenHash };
  }

  async end(session: Session): Promise<void> {
    await this.repo.delete(session.tokenHash);
  }

  revokeAll(userId: number): Promise<void> {
    return this.repo.revokeAllForUser(userId, this.now());
  }

  purge(): Promise<void> {
    return this.repo.purgeExpired(this.now() - EXPIRED_GRACE_MS);
  }
}
