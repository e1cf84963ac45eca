// The phone change dialog (spec 02 §2, §4): new mobile and the SMS code sent to it → 修改成功.
import { AccountMessages, CommerceMessages } from '@labstat/contracts';
import { Alert, Form, Input, Modal, Space } from 'antd';
import { useState } from 'react';
import { SmsCodeButton } from '../../../components/sms-code-button';
import { useBindMobile } from '../../../lib/commerce-api/bind-mobile';
import { sendBindMobileSms } from '../../../lib/commerce-api/bind-mobile-sms';
import { ui } from '../../../lib/ui-bridge';

const MOBILE_RE = /^1[3-9]\d{9}$/;

export function PhoneDialog({ open, current, onClose }: { open: boolean; current: string; onClose(): void }) {
  const [form] = Form.useForm<{ mobile: string; smscode: string }>();
  const [devCode, setDevCode] = useState<string | null>(null);
  const bind = useBindMobile();
  const close = () => {
    form.resetFields();
    setDevCode(null);
    onClose();
  };
  const submit = async () => {
    const v = await form.validateFields();
    if (bind.isPending) return;
    await bind.mutateAsync({ mobile: v.mobile, smscode: v.smscode });
    ui.message?.success(CommerceMessages.mobileChanged);
    close();
  };
  return (
    <Modal
      open={open}
      title="修改手机号"
      onCancel={close}
      onOk={() => void submit().catch(() => undefined)}
      okText="确定"
      cancelText="取消"
      confirmLoading={bind.isPending}
      destroyOnHidden
      data-testid="phone-dialog"
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="mobile"
          label="新手机号"
          normalize={(v: string) => v.trim()}
          rules={[
            { required: true, message: AccountMessages.phoneRequired },
            { pattern: MOBILE_RE, message: AccountMessages.phoneInvalid },
            { validator: (_r, v: string) => (v && v === current ? Promise.reject(new Error(CommerceMessages.mobileSame)) : Promise.resolve()) },
          ]}
        >
          <Input maxLength={11} placeholder="请输入新手机号" autoComplete="tel" />
        </Form.Item>
        <Form.Item label="验证码" required>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item name="smscode" noStyle normalize={(v: string) => v.trim()} rules={[{ required: true, message: AccountMessages.codeRequired }]}>
              <Input maxLength={6} placeholder="短信验证码" />
            </Form.Item>
            <SmsCodeButton form={form} field="mobile" send={sendBindMobileSms} onDevCode={setDevCode} />
          </Space.Compact>
        </Form.Item>
        {devCode && <Alert type="info" showIcon title={`开发模式：短信未真实发送，验证码为 ${devCode}`} data-testid="dev-sms-code" />}
      </Form>
    </Modal>
  );
}
