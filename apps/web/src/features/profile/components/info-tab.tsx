// 基本信息 (spec 02 §2, §4, §5): avatar upload (≤ 2 MB), nickname, profession, sex, tags, the
// read-only mobile with its change dialog, email and research; 更新 → 用户信息更新成功, then reload.
import { UploadOutlined, UserOutlined } from '@ant-design/icons';
import { CommerceMessages, ProfileTagChoices, type UserProfile } from '@labstat/contracts';
import { Avatar, Button, Form, Input, Radio, Select, Space } from 'antd';
import { useState } from 'react';
import { ImageUploadButton } from '../../../components/image-upload-button';
import { imageSrc } from '../../../lib/commerce-api/image-src';
import { useUpdateProfile } from '../../../lib/commerce-api/profile-update';
import { ui } from '../../../lib/ui-bridge';
import { PhoneDialog } from './phone-dialog';

interface InfoForm {
  username: string;
  profession: string;
  sex: '' | '女' | '男';
  tags: (typeof ProfileTagChoices)[number][];
  email: string;
  research: string;
}

// Inputs are trimmed when sent (trimProfile); the rules judge the trimmed text.
const trim = (v: string | undefined) => v?.trim();

export function InfoTab({ profile }: { profile: UserProfile }) {
  const [form] = Form.useForm<InfoForm>();
  const update = useUpdateProfile();
  const [avatar, setAvatar] = useState('');
  const [uploading, setUploading] = useState(false);
  const [phoneOpen, setPhoneOpen] = useState(false);

  const submit = async (v: InfoForm) => {
    if (update.isPending) return;
    try {
      await update.mutateAsync({ ...v, sex: v.sex ?? '', tags: v.tags ?? [], new_avatar: avatar });
    } catch {
      return;
    }
    ui.message?.success(CommerceMessages.profileUpdated);
    setTimeout(() => window.location.reload(), 800);
  };

  return (
    <>
      <Form<InfoForm>
        form={form}
        layout="horizontal"
        labelCol={{ flex: '90px' }}
        style={{ maxWidth: 560 }}
        initialValues={{
          username: profile.username,
          profession: profile.profession,
          sex: profile.sex === '女' || profile.sex === '男' ? profile.sex : '',
          tags: profile.tags.filter((t): t is InfoForm['tags'][number] => (ProfileTagChoices as readonly string[]).includes(t)),
          email: profile.email,
          research: profile.research,
        }}
        onFinish={(v) => void submit(v)}
        data-testid="info-form"
      >
        <Form.Item label="头像">
          <Space size={16}>
            <Avatar size={64} src={imageSrc(avatar || profile.avatar)} icon={<UserOutlined />} data-testid="avatar-preview" />
            <ImageUploadButton icon={<UploadOutlined />} testId="avatar-upload" onUploaded={setAvatar} onBusyChange={setUploading}>
              更换头像
            </ImageUploadButton>
          </Space>
        </Form.Item>
        <Form.Item
          name="username"
          label="昵称"
          rules={[
            { required: true, whitespace: true, message: '昵称不能为空' },
            { max: 30, transform: trim, message: '昵称不能超过30个字' },
          ]}
        >
          <Input maxLength={30} />
        </Form.Item>
        <Form.Item name="profession" label="职业" rules={[{ max: 50, message: '职业不能超过50个字' }]}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="sex" label="性别">
          <Radio.Group options={[{ value: '女', label: '女' }, { value: '男', label: '男' }]} />
        </Form.Item>
        <Form.Item name="tags" label="标签">
          <Select mode="multiple" allowClear placeholder="请选择标签" options={ProfileTagChoices.map((t) => ({ value: t, label: t }))} />
        </Form.Item>
        <Form.Item label="手机">
          <Space.Compact style={{ width: '100%' }}>
            <Input readOnly value={profile.mobile} data-testid="mobile" />
            <Button onClick={() => setPhoneOpen(true)} data-testid="change-mobile">
              修改
            </Button>
          </Space.Compact>
        </Form.Item>
        <Form.Item name="email" label="邮箱" rules={[{ type: 'email', transform: trim, message: '邮箱格式不正确' }, { max: 100, message: '邮箱不能超过100个字符' }]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="research" label="研究方向" rules={[{ max: 100, message: '研究方向不能超过100个字' }]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item label=" " colon={false}>
          <Button type="primary" htmlType="submit" loading={update.isPending} disabled={uploading} data-testid="profile-update">
            更新
          </Button>
        </Form.Item>
      </Form>
      <PhoneDialog open={phoneOpen} current={profile.mobile} onClose={() => setPhoneOpen(false)} />
    </>
  );
}
