// Benefit groups with a marker per item (spec 02 §2): status 1 available ✓, 3 a circle (partly
// available), anything else unavailable ✗.
import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import type { BenefitGroup } from '@labstat/contracts';
import { Empty, Tooltip, Typography } from 'antd';

function Marker({ status }: { status: number }) {
  if (status === 1) return <CheckOutlined style={{ color: '#67C23A' }} aria-label="可用" />;
  if (status === 3) {
    return (
      <span
        aria-label="部分可用"
        style={{ display: 'inline-block', width: 12, height: 12, borderRadius: '50%', border: '2px solid #E6A23C', boxSizing: 'border-box', verticalAlign: -1 }}
      />
    );
  }
  return <CloseOutlined style={{ color: '#C0C4CC' }} aria-label="不可用" />;
}

export function BenefitList({ groups, compact = false }: { groups: BenefitGroup[]; compact?: boolean }) {
  if (!groups.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无权益信息" />;
  return (
    <div data-testid="benefit-list" style={{ display: 'grid', gap: compact ? 8 : 14 }}>
      {groups.map((g, gi) => (
        <section key={`${gi}-${g.title}`}>
          <Typography.Text strong style={{ display: 'block', marginBottom: 6 }}>
            {g.title}
          </Typography.Text>
          <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 4 }}>
            {g.content.map((item, ii) => (
              <li key={`${ii}-${item.title}`} data-status={item.status} style={{ display: 'flex', gap: 8, alignItems: 'baseline', color: item.status === 1 || item.status === 3 ? '#303133' : '#909399' }}>
                <Marker status={item.status} />
                <span>{item.title}</span>
                {item.annotation && (
                  <Tooltip title={item.annotation}>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {item.annotation}
                    </Typography.Text>
                  </Tooltip>
                )}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
