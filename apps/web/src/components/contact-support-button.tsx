// 联系客服 (spec 01 §2): a popover with the customer-service QR image.
import { CustomerServiceOutlined } from '@ant-design/icons';
import { Button, Image, Popover, Spin } from 'antd';

export function ContactSupportButton({ imageUrl, onOpen }: { imageUrl: string | undefined; onOpen?: () => void }) {
  return (
    <Popover
      content={imageUrl ? <Image src={imageUrl} width={180} preview={false} alt="客服二维码" /> : <Spin />}
      title="扫码联系客服"
      trigger="click"
      onOpenChange={(open) => open && onOpen?.()}
    >
      <Button block icon={<CustomerServiceOutlined />}>
        联系客服
      </Button>
    </Popover>
  );
}
