// The membership centre /vip (spec 02 §2, §4), reachable without login: the user card, the two
// plans with their products and the free month, the payment QR and the FAQ.
import { CommerceMessages, type Product } from '@labstat/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Result, Row, Skeleton } from 'antd';
import { useCallback, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { PublicHeader } from '../../components/public-header';
import { useProductInfo } from '../../lib/commerce-api/product-info';
import { useVipCenter } from '../../lib/commerce-api/vip-center';
import { useSession } from '../../lib/session-store';
import { ui } from '../../lib/ui-bridge';
import { FaqList } from './components/faq-list';
import { PayQrDialog } from './components/pay-qr-dialog';
import { PlanCard } from './components/plan-card';
import { VipUserCard } from './components/vip-user-card';
import { usePayOrder, type PlanKind } from './use-pay-order';

export function VipPage() {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const { token } = useSession();
  const center = useVipCenter(token);
  const info = useProductInfo();
  const plansRef = useRef<HTMLDivElement>(null);

  const onPaid = useCallback(() => {
    ui.message?.success(CommerceMessages.paySuccess);
    // Membership changed: every card, tool and order list must be read again.
    void qc.invalidateQueries();
    navigate('/profile/index');
  }, [navigate, qc]);
  const pay = usePayOrder(onPaid);

  const choose = (kind: PlanKind, p: Product) => {
    if (!token) {
      navigate(`/login?redirect=${encodeURIComponent('/vip')}`);
      return;
    }
    void pay.choose(kind, p);
  };
  const scrollToPlans = () => plansRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });

  return (
    <div style={{ minHeight: '100vh', background: '#f5f7fa' }}>
      <PublicHeader />
      <main style={{ maxWidth: 1200, margin: '0 auto', padding: '24px 16px 48px', display: 'grid', gap: 20 }} data-testid="vip-page">
        {center.isError ? (
          <Alert type="error" showIcon title="会员信息加载失败" action={<Button size="small" onClick={() => void center.refetch()}>重试</Button>} />
        ) : (
          <VipUserCard data={center.data} loading={center.isPending} onSubscribe={scrollToPlans} />
        )}
        <div ref={plansRef}>
          {info.isPending ? (
            <Card>
              <Skeleton active paragraph={{ rows: 8 }} />
            </Card>
          ) : info.isError ? (
            <Card>
              <Result status="error" title="套餐信息加载失败" extra={<Button onClick={() => void info.refetch()}>重试</Button>} />
            </Card>
          ) : (
            <Row gutter={[20, 20]} align="stretch">
              <Col xs={24} lg={12}>
                <PlanCard
                  kind="basic"
                  plan={info.data.basic}
                  free={info.data.free}
                  center={center.data}
                  pendingPid={pay.pendingPid}
                  currentPid={pay.current?.product.vip_pid ?? null}
                  onChoose={choose}
                />
              </Col>
              <Col xs={24} lg={12}>
                <PlanCard
                  kind="advanced"
                  plan={info.data.advanced}
                  center={center.data}
                  pendingPid={pay.pendingPid}
                  currentPid={pay.current?.product.vip_pid ?? null}
                  onChoose={choose}
                />
              </Col>
            </Row>
          )}
        </div>
        <FaqList />
      </main>
      <PayQrDialog
        current={pay.current}
        phase={pay.phase}
        error={pay.error}
        renewing={pay.pendingPid !== null}
        onRenew={() => pay.current && void pay.choose(pay.current.plan, pay.current.product)}
        onClose={pay.close}
      />
    </div>
  );
}
