// What the server needs from an SMS gateway.
export interface SmsProvider {
  /** `dev` providers keep messages locally and are announced in the UI. */
  readonly name: string;
  readonly isDev: boolean;
  sendVerificationCode(account: string, code: string, ttlMinutes: number): Promise<void>;
}
