// The offline payment provider (default, dev): the QR encodes our own page /pay/sandbox/{order}, and
// the dev route POST /dev/pay/simulate (this machine only) completes the order, like 模拟扫码 does
// for WeChat login. It keeps no state of its own: the order table says whether an order is paid.
import { CommercePaths } from '@labstat/contracts';
import { PayNotificationError, type NativeOrderRequest, type PayProvider, type ProviderPayment } from './pay-provider.js';

export class SandboxPayProvider implements PayProvider {
  readonly name = 'sandbox' as const;
  readonly isDev = true;

  async createNative(req: NativeOrderRequest): Promise<{ codeUrl: string }> {
    return { codeUrl: `${req.origin}${CommercePaths.sandboxPayPage}/${encodeURIComponent(req.orderId)}` };
  }

  async query(orderId: string): Promise<ProviderPayment> {
    return { orderId, state: 'unpaid', amountFen: null, transactionId: null };
  }

  async close(): Promise<void> {}

  parseNotification(): ProviderPayment {
    throw new PayNotificationError('the sandbox provider receives no notifications');
  }
}
