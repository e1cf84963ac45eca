// One outside payment system behind one interface (issue 18): the sandbox (offline, dev) and WeChat
// Pay v3 Native. The order table is the truth; a provider only creates, reports, closes and
// vouches for payments.

export interface NativeOrderRequest {
  orderId: string;
  amountFen: number;
  /** What the payer sees, e.g. LabStat 标准会员·12个月. */
  description: string;
  /** Epoch ms after which the provider must refuse payment. */
  expiresAt: number;
  /** Origin of the request that created the order (the sandbox's QR points back to it). */
  origin: string;
}

/** What a provider says about one order's payment. */
export interface ProviderPayment {
  orderId: string;
  /** paid: money received; unpaid: still payable (or unknown to the provider); closed: can no longer be paid. */
  state: 'paid' | 'unpaid' | 'closed';
  /** Amount the payer paid, in fen (null when not paid). */
  amountFen: number | null;
  /** The provider's transaction id. */
  transactionId: string | null;
}

/** The signature, time or content of a notification did not check out: refuse it. */
export class PayNotificationError extends Error {
  override name = 'PayNotificationError';
}

export interface PayProvider {
  readonly name: 'sandbox' | 'wechatpay';
  /** True for the offline sandbox: its simulate route exists only then, for this machine only. */
  readonly isDev: boolean;
  /** A Native (scan-to-pay) order; returns the URL the QR encodes. */
  createNative(req: NativeOrderRequest): Promise<{ codeUrl: string }>;
  query(orderId: string): Promise<ProviderPayment>;
  /** Closes an unpaid order so it can no longer be paid. */
  close(orderId: string): Promise<void>;
  /** Verifies a server-to-server notification and returns the payment it reports; throws PayNotificationError. */
  parseNotification(headers: Record<string, string | string[] | undefined>, rawBody: string): ProviderPayment;
}
