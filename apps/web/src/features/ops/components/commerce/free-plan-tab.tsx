// 免费会员审核: screenshots users uploaded for the free plan — approve (one month of standard
// membership, once per user) or reject, both with a reason for the log.
import { type OpsFreePlanItem } from '@labstat/contracts';
import { Button, Image, Radio, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { TimeLabel } from '../../../../components/time-label';
import { ui } from '../../../../lib/ui-bridge';
import { useOpsFreePlan, type FreePlanStatus } from '../../api/free-plan-list';
import { useFreePlanReview } from '../../api/free-plan-review';
import { ListCard } from '../list-card';
import { ReasonDialog } from '../reason-dialog';

const FILTERS: { value: FreePlanStatus; label: string }[] = [
  { value: 'pending', label: '待审核' },
  { value: 'approved', label: '已通过' },
  { value: 'rejected', label: '已驳回' },
  { value: 'all', label: '全部' },
];
const STATE: Record<OpsFreePlanItem['status'], [string, string]> = { pending: ['warning', '待审核'], approved: ['success', '已通过'], rejected: ['error', '已驳回'] };
const OUTCOME = { approved: '已通过，已为用户开通一个月标准会员', rejected: '已驳回', 'already-had': '该用户已领取过免费会员，已自动驳回' } as const;

export function FreePlanTab() {
  const [status, setStatus] = useState<FreePlanStatus>('pending');
  const [page, setPage] = useState(1);
  const list = useOpsFreePlan(status, page);
  const review = useFreePlanReview();
  const [deciding, setDeciding] = useState<{ item: OpsFreePlanItem; decision: 'approve' | 'reject' } | null>(null);

  const columns: ColumnsType<OpsFreePlanItem> = [
    { title: '编号', dataIndex: 'id', key: 'id', width: 70 },
    {
      title: '用户',
      key: 'user',
      width: 200,
      render: (_: unknown, f) => (
        <span>
          {f.username || '未命名用户'}
          <br />
          <Typography.Text type="secondary">{f.mobile}</Typography.Text>
        </span>
      ),
    },
    { title: '截图', dataIndex: 'image_url', key: 'image', width: 120, render: (src: string) => <Image src={src} width={80} height={80} style={{ objectFit: 'cover' }} alt="截图" /> },
    { title: '状态', dataIndex: 'status', key: 'status', width: 90, render: (s: OpsFreePlanItem['status']) => <Tag color={STATE[s][0]}>{STATE[s][1]}</Tag> },
    { title: '审核原因', dataIndex: 'reason', key: 'reason', render: (r: string) => r || '—' },
    { title: '提交时间', dataIndex: 'create_time', key: 'created', width: 130, render: (t: string) => <TimeLabel time={t} /> },
    { title: '审核时间', dataIndex: 'review_time', key: 'reviewed', width: 130, render: (t: string | null) => <TimeLabel time={t} /> },
    {
      title: '操作',
      key: 'actions',
      width: 140,
      render: (_: unknown, f) =>
        f.status === 'pending' ? (
          <Space>
            <Button size="small" type="link" onClick={() => setDeciding({ item: f, decision: 'approve' })}>
              通过
            </Button>
            <Button size="small" type="link" danger onClick={() => setDeciding({ item: f, decision: 'reject' })}>
              驳回
            </Button>
          </Space>
        ) : (
          '—'
        ),
    },
  ];

  return (
    <>
      <Radio.Group
        optionType="button"
        buttonStyle="solid"
        value={status}
        options={FILTERS}
        onChange={(e) => {
          setStatus(e.target.value as FreePlanStatus);
          setPage(1);
        }}
        style={{ marginBottom: 12 }}
      />
      <ListCard<OpsFreePlanItem> rowKey="id" columns={columns} data={list.data} loading={list.isFetching && !list.data} page={page} onPage={setPage} empty={status === 'pending' ? '没有待审核的截图' : '暂无记录'} data-testid="ops-free-plan" />
      <ReasonDialog
        open={deciding !== null}
        title={deciding?.decision === 'approve' ? '通过审核' : '驳回截图'}
        description={
          deciding?.decision === 'approve'
            ? `为 ${deciding.item.username || deciding.item.mobile} 开通一个月标准会员（每位用户仅限一次）。`
            : '驳回原因将记入操作日志。'
        }
        okText={deciding?.decision === 'approve' ? '通过' : '驳回'}
        danger={deciding?.decision === 'reject'}
        onSubmit={async (reason) => {
          const env = await review.mutateAsync({ id: deciding!.item.id, decision: deciding!.decision, reason });
          ui.message?.success(OUTCOME[env.data.outcome]);
        }}
        onClose={() => setDeciding(null)}
      />
    </>
  );
}
