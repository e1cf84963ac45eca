// Payment settings from the environment (issue 18): which provider takes payments and the rules
// around orders. Parsed here so config.ts stays one line for the whole section.
export interface PaySettings {
  /** `sandbox` (offline, dev: completes through 模拟支付) or `wechatpay` (WeChat Pay v3 Native). */
  provider: 'sandbox';
  /** Minutes an unpaid order stays payable (the QR label says 30). */
  orderMinutes: number;
}

export function paySettings(env: NodeJS.ProcessEnv): PaySettings {
  const minutes = Number(env.PAY_ORDER_MINUTES || 30);
  return { provider: 'sandbox', orderMinutes: Number.isInteger(minutes) && minutes > 0 ? minutes : 30 };
}
