// One plan card (spec 02 §2): 订阅 with the products and the plan's benefits; the standard plan
// also has 免费领取.
import type { FreeStep, Product, ProductInfo, VipCenterData } from '@labstat/contracts';
import { Card, Divider, Tabs } from 'antd';
import type { PlanKind } from '../use-pay-order';
import { BenefitList } from './benefit-list';
import { FreePlan } from './free-plan';
import { ProductList } from './product-list';

export interface PlanCardProps {
  kind: PlanKind;
  plan: ProductInfo['basic'];
  free?: FreeStep[];
  center: VipCenterData | undefined;
  pendingPid: string | null;
  currentPid: string | null;
  onChoose(kind: PlanKind, p: Product): void;
}

export function PlanCard({ kind, plan, free, center, pendingPid, currentPid, onChoose }: PlanCardProps) {
  const subscribe = (
    <>
      <ProductList products={plan.products} pendingPid={pendingPid} currentPid={currentPid} onChoose={(p) => onChoose(kind, p)} />
      <Divider titlePlacement="start" plain>
        会员权益
      </Divider>
      <BenefitList groups={plan.benefits} />
    </>
  );
  const items = [{ key: 'subscribe', label: '订阅', children: subscribe }];
  if (free) items.push({ key: 'free', label: '免费领取', children: <FreePlan steps={free} center={center} /> });
  return (
    <Card
      title={kind === 'basic' ? '标准会员' : '高级会员'}
      data-testid={`plan-${kind}`}
      style={{ height: '100%' }}
      styles={{ header: { background: kind === 'basic' ? '#ecf5ff' : '#fdf6ec' } }}
    >
      <Tabs items={items} />
    </Card>
  );
}
