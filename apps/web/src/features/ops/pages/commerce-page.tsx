// 商业运营: plans and promotions, redeem-code batches, free-plan review, orders and gifts, one tab
// each (kept in ?tab=).
import { Card, Tabs } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { BatchesTab } from '../components/commerce/batches-tab';
import { FreePlanTab } from '../components/commerce/free-plan-tab';
import { GiftsTab } from '../components/commerce/gifts-tab';
import { OrdersTab } from '../components/commerce/orders-tab';
import { ProductsTab } from '../components/commerce/products-tab';

const TABS = [
  { key: 'products', label: '套餐与促销', children: <ProductsTab /> },
  { key: 'codes', label: '兑换码', children: <BatchesTab /> },
  { key: 'free-plan', label: '免费会员审核', children: <FreePlanTab /> },
  { key: 'orders', label: '订单', children: <OrdersTab /> },
  { key: 'gifts', label: '礼品赠送', children: <GiftsTab /> },
];

export function OpsCommercePage() {
  const [params, setParams] = useSearchParams();
  const tab = TABS.some((t) => t.key === params.get('tab')) ? params.get('tab')! : TABS[0]!.key;
  return (
    <Card size="small" data-testid="ops-commerce">
      <Tabs activeKey={tab} onChange={(k) => setParams({ tab: k }, { replace: true })} items={TABS} destroyOnHidden />
    </Card>
  );
}
