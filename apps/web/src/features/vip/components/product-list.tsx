// The products of one plan (spec 02 §2): duration label, price in yuan, and during a promotion the
// struck-through before price and the 剩余促销时间 countdown. Choosing one starts an order.
import type { Product } from '@labstat/contracts';
import { Button, Empty, Typography } from 'antd';
import { formatRemaining, promotionEnd, remaining } from '../countdown';
import { useNow } from '../use-now';

const fmtYuan = (v: number) => (Number.isInteger(v) ? String(v) : v.toFixed(2));

export interface ProductListProps {
  products: Product[];
  /** The product whose order is being created (its button spins, the others wait). */
  pendingPid: string | null;
  currentPid: string | null;
  onChoose(p: Product): void;
}

export function ProductList({ products, pendingPid, currentPid, onChoose }: ProductListProps) {
  const now = useNow(products.some((p) => p.is_active === 1 && p.expiration_time));
  if (!products.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无可购买的套餐" />;
  return (
    <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(170px, 1fr))', gap: 12 }}>
      {products.map((p) => {
        const end = p.is_active === 1 ? promotionEnd(p.expiration_time) : null;
        const left = end !== null ? remaining(end, now) : null;
        const promo = p.is_active === 1 && (end === null || left !== null);
        const selected = currentPid === p.vip_pid;
        return (
          <div
            key={p.vip_pid}
            data-testid={`product-card-${p.vip_pid}`}
            style={{
              border: `1px solid ${selected ? '#409EFF' : '#e4e7ed'}`,
              borderRadius: 8,
              padding: 14,
              textAlign: 'center',
              background: selected ? '#ecf5ff' : '#fff',
              display: 'flex',
              flexDirection: 'column',
              gap: 6,
            }}
          >
            <Typography.Text strong style={{ fontSize: 16 }}>
              {p.display_p}
            </Typography.Text>
            <div>
              <span style={{ color: '#F56C6C', fontSize: 26, fontWeight: 600 }} data-testid="product-price">
                ￥{fmtYuan(p.money)}
              </span>
              {promo && p.before_price !== null && (
                <del style={{ color: '#909399', marginLeft: 6 }} data-testid="product-before-price">
                  ￥{fmtYuan(p.before_price)}
                </del>
              )}
            </div>
            {left && (
              <div style={{ fontSize: 12, color: '#E6A23C' }} data-testid="product-countdown">
                剩余促销时间：{formatRemaining(left)}
              </div>
            )}
            <Button
              type="primary"
              loading={pendingPid === p.vip_pid}
              disabled={pendingPid !== null && pendingPid !== p.vip_pid}
              onClick={() => onChoose(p)}
              style={{ marginTop: 'auto' }}
            >
              立即开通
            </Button>
          </div>
        );
      })}
    </div>
  );
}
