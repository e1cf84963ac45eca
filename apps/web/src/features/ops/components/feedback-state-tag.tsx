// The feedback status as a tag (1 已完成, 2 待处理).
import { FeedbackStatus } from '@labstat/contracts';
import { Tag } from 'antd';

export function FeedbackStateTag({ status }: { status: number }) {
  return status === FeedbackStatus.completed ? <Tag color="success">已完成</Tag> : <Tag color="warning">待处理</Tag>;
}
