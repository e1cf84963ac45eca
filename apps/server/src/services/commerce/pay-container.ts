// Products, the VIP centre, payment and orders (issue 18, server half A).
import type { PayProvider } from '../../providers/pay/pay-provider.js';
import { SandboxPayProvider } from '../../providers/pay/sandbox-pay-provider.js';
import { WechatPayProvider } from '../../providers/pay/wechatpay-provider.js';
import { OrdersRepo } from '../../repositories/orders-repo.js';
import { ProductsRepo } from '../../repositories/products-repo.js';
import type { CommerceDeps } from './deps.js';
import { PaymentService } from './payment-service.js';
import { ProductService } from './product-service.js';

export interface PayCommerce {
  products: ProductService;
  payments: PaymentService;
}

export function createPayProvider(deps: Pick<CommerceDeps, 'config' | 'now'>): PayProvider {
  const s = deps.config.pay;
  if (s.provider === 'wechatpay') {
    if (!s.wechatpay) throw new Error('PAY_PROVIDER=wechatpay without its settings');
    return new WechatPayProvider(s.wechatpay, deps.now);
  }
  return new SandboxPayProvider();
}

export function createPayCommerce(deps: CommerceDeps): PayCommerce {
  const products = new ProductsRepo(deps.db);
  return {
    products: new ProductService(products, deps.users, deps.config.ai.dailyQuota, deps.config.cserviceUrl, deps.now),
    payments: new PaymentService(deps.db, new OrdersRepo(deps.db), products, createPayProvider(deps), deps.config.pay, deps.limiter, deps.now),
  };
}
