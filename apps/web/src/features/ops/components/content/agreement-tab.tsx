// 用户协议: the address of the user agreement the login page and the agreement page open.
import { OpsAgreementSave } from '@labstat/contracts';
import { Button, Form, Input, Skeleton, Typography } from 'antd';
import { useEffect } from 'react';
import { ui } from '../../../../lib/ui-bridge';
import { useOpsAgreement } from '../../api/agreement';
import { useAgreementSave } from '../../api/agreement-save';
import { zodRule } from '../zod-rule';
import { isSafeLink } from './links';

export function AgreementTab() {
  const agreement = useOpsAgreement();
  const save = useAgreementSave();
  const [form] = Form.useForm<{ url: string }>();
  const url = Form.useWatch('url', form) ?? '';
  useEffect(() => {
    if (agreement.data) form.setFieldsValue({ url: agreement.data.url });
  }, [agreement.data, form]);
  const submit = async () => {
    const v = await form.validateFields();
    const env = await save.mutateAsync({ url: v.url.trim() });
    ui.message?.success(env.msg || '保存成功');
  };
  if (agreement.isLoading) return <Skeleton active />;
  return (
    <Form form={form} layout="vertical" style={{ maxWidth: 640 }} data-testid="ops-agreement">
      <Form.Item
        name="url"
        label="用户协议地址"
        required
        extra="http(s) 地址或以 / 开头的站内地址；登录页与“用户协议”页面打开此地址。"
        rules={[
          zodRule(OpsAgreementSave.shape.url, '请填写协议地址'),
          { validator: async (_r, v: string) => { if (v?.trim() && !isSafeLink(v)) throw new Error('请填写 http(s) 地址或以 / 开头的站内地址'); } },
        ]}
      >
        <Input maxLength={500} placeholder="https://…" />
      </Form.Item>
      <div style={{ display: 'flex', gap: 12, alignItems: 'center' }}>
        <Button type="primary" loading={save.isPending} onClick={() => void submit().catch(() => undefined)}>
          保存
        </Button>
        {isSafeLink(url) ? (
          <Typography.Link href={url.trim()} target="_blank" rel="noopener noreferrer">
            预览协议（新窗口）
          </Typography.Link>
        ) : null}
      </div>
    </Form>
  );
}
