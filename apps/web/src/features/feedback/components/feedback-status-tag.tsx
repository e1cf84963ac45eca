// Spec 01 §4: status 1 shows the tag Complete, 2 the tag Pending (English, as the spec gives them).
import { FeedbackStatus } from '@labstat/contracts';
import { Tag } from 'antd';

export function FeedbackStatusTag({ status }: { status: number }) {
  return status === FeedbackStatus.completed ? (
    <Tag color="success" title="已完成" data-testid="feedback-status">
      Complete
    </Tag>
  ) : (
    <Tag color="warning" title="待处理" data-testid="feedback-status">
      Pending
    </Tag>
  );
}
