// The FAQ under the plans (spec 02 §2): title, content and an optional image per item.
import { Card, Collapse, Empty, Image, Skeleton, Typography } from 'antd';
import { useQa } from '../../../lib/commerce-api/qa';

export function FaqList() {
  const qa = useQa();
  return (
    <Card title="常见问题" data-testid="faq">
      {qa.isPending ? (
        <Skeleton active />
      ) : qa.isError ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="常见问题加载失败" />
      ) : !qa.data.length ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无常见问题" />
      ) : (
        <Collapse
          ghost
          items={qa.data.map((q, i) => ({
            key: String(i),
            label: q.title,
            children: (
              <>
                <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{q.content}</Typography.Paragraph>
                {q.img && <Image src={q.img} alt={q.title} style={{ maxWidth: 360 }} />}
              </>
            ),
          }))}
        />
      )}
    </Card>
  );
}
