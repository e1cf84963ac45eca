// Offline SMS gateway: "sends" by writing to the dev outbox table, readable at GET /dev/sms-outbox.
import type { SmsRepo } from '../../repositories/sms-repo.js';
import type { SmsProvider } from './sms-provider.js';

export class DevSmsProvider implements SmsProvider {
  readonly name = 'dev';
  readonly isDev = true;

  constructor(
    private readonly repo: SmsRepo,
    private readonly now: () => number,
  ) {}

  async sendVerificationCode(account: string, code: string, ttlMinutes: number): Promise<void> {
    const content = `【LabStat】您的验证码是${code}，${ttlMinutes}分钟内有效。如非本人操作，请忽略本短信。`;
    await this.repo.addOutbox(account, code, content, this.now());
  }
}
