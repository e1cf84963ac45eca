// 礼品赠送: a gift to one user or to a pasted list of phone numbers, activatable as the chosen gift
// types (or any); the result names the numbers that have no account.
import { OpsGiftGrant, type OpsGiftGranted } from '@labstat/contracts';
import { Alert, Button, Form, Input, Select, Typography } from 'antd';
import { useState } from 'react';
import { ui } from '../../../../lib/ui-bridge';
import { useGiftGrant } from '../../api/gift-grant';
import { useOpsGiftTypes } from '../../api/gift-types';
import { durationText, parseMobiles, TIER_TEXT } from '../../format';
import { ReasonField } from '../reason-field';
import { zodRule } from '../zod-rule';

type Values = { mobiles: string; name: string; description: string; giftTypeIds: number[]; reason: string };

export function GiftsTab() {
  const types = useOpsGiftTypes();
  const grant = useGiftGrant();
  const [form] = Form.useForm<Values>();
  const [result, setResult] = useState<OpsGiftGranted | null>(null);

  const submit = async () => {
    const v = await form.validateFields();
    const env = await grant.mutateAsync({
      mobiles: parseMobiles(v.mobiles),
      name: v.name.trim(),
      description: (v.description ?? '').trim(),
      giftTypeIds: v.giftTypeIds?.length ? v.giftTypeIds : null,
      reason: v.reason.trim(),
    });
    setResult(env.data);
    ui.message?.success(`已赠送 ${env.data.granted.length} 份礼品`);
    form.resetFields(['mobiles']);
  };

  return (
    <div style={{ maxWidth: 640 }} data-testid="ops-gifts">
      <Form form={form} layout="vertical" initialValues={{ mobiles: '', name: '', description: '', giftTypeIds: [], reason: '' }}>
        <Form.Item
          name="mobiles"
          label="用户手机号（每行一个，或用逗号、空格分隔）"
          required
          rules={[
            {
              validator: async (_r, v: string) => {
                const list = parseMobiles(v ?? '');
                if (list.length === 0) throw new Error('请填写至少一个手机号');
                if (list.length > 5000) throw new Error('一次最多赠送 5000 人');
                if (list.some((m) => m.length > 20)) throw new Error('手机号格式不正确');
              },
            },
          ]}
        >
          <Input.TextArea rows={4} placeholder={'13900000000\n13900000001'} />
        </Form.Item>
        <Form.Item name="name" label="礼品名称" required rules={[zodRule(OpsGiftGrant.shape.name, '请填写礼品名称')]}>
          <Input maxLength={64} placeholder="例如：新春礼包" />
        </Form.Item>
        <Form.Item name="description" label="礼品说明">
          <Input maxLength={300} placeholder="例如：感谢您的支持" />
        </Form.Item>
        <Form.Item name="giftTypeIds" label="可激活为（不选则任一可用礼品类型）">
          <Select
            mode="multiple"
            loading={types.isLoading}
            options={(types.data ?? []).filter((t) => t.active).map((t) => ({ value: t.id, label: `${t.label}（${TIER_TEXT[t.tier]} ${durationText(t.days)}）` }))}
            placeholder="任一可用礼品类型"
          />
        </Form.Item>
        <ReasonField />
        <Button type="primary" loading={grant.isPending} onClick={() => void submit().catch(() => undefined)}>
          赠送礼品
        </Button>
      </Form>
      {result && (
        <Alert
          style={{ marginTop: 16 }}
          type={result.unknown.length ? 'warning' : 'success'}
          showIcon
          title={`已赠送 ${result.granted.length} 人`}
          description={
            result.unknown.length > 0 && (
              <Typography.Paragraph style={{ margin: 0 }}>
                以下手机号没有注册账号，未赠送：{result.unknown.join('、')}
              </Typography.Paragraph>
            )
          }
          closable
          onClose={() => setResult(null)}
        />
      )}
    </div>
  );
}
