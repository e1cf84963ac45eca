// Whether a content item is shown to users.
import { Tag } from 'antd';

export const ActiveTag = ({ active }: { active: boolean }) => (active ? <Tag color="success">展示中</Tag> : <Tag>已隐藏</Tag>);
