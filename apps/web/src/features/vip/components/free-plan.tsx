// The standard plan's 免费领取 tab (spec 02 §2, §4): steps of type 'step' (image, title, content) and
// an upload slot for the share screenshot (≤ 2 MB), which is then submitted for review; the VIP
// centre says whether the free month was already had or a screenshot is waiting.
import { CloudUploadOutlined } from '@ant-design/icons';
import { CommerceMessages, FREE_PLAN_DAYS, type FreeStep, type VipCenterData } from '@labstat/contracts';
import { Alert, Button, Empty, Image, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ImageUploadButton } from '../../../components/image-upload-button';
import { imageSrc } from '../../../lib/commerce-api/image-src';
import { useSubmitScreenshot } from '../../../lib/commerce-api/screenshot';

export interface FreePlanProps {
  steps: FreeStep[];
  center: VipCenterData | undefined;
}

function UploadSlot({ step, center }: { step: FreeStep; center: VipCenterData | undefined }) {
  const navigate = useNavigate();
  const submit = useSubmitScreenshot();
  const [preview, setPreview] = useState<string | null>(null);
  const used = center?.free_used === 1;
  const pending = center?.free_pending ?? null;
  const shown = preview ?? pending;

  const submitShot = async (path: string) => {
    const saved = await submit.mutateAsync(path);
    setPreview(saved.file_path || path);
  };

  return (
    <div style={{ border: '1px dashed #dcdfe6', borderRadius: 8, padding: 16 }} data-testid="free-upload">
      {step.title && <Typography.Text strong>{step.title}</Typography.Text>}
      {step.content && <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: '4px 0 12px' }}>{step.content}</Typography.Paragraph>}
      {used ? (
        <Alert type="success" showIcon title={`您已领取过${FREE_PLAN_DAYS / 30}个月免费标准会员`} description={CommerceMessages.freePlanUsed} />
      ) : !center?.login ? (
        <Button type="primary" onClick={() => navigate(`/login?redirect=${encodeURIComponent('/vip')}`)}>
          登录后上传截图
        </Button>
      ) : (
        <>
          {pending && !preview && <Alert style={{ marginBottom: 12 }} type="info" showIcon title={CommerceMessages.screenshotPending} data-testid="free-pending" />}
          <ImageUploadButton icon={<CloudUploadOutlined />} testId="free-upload-button" onUploaded={submitShot}>
            {shown ? '重新上传截图' : '上传截图'}
          </ImageUploadButton>
        </>
      )}
      {shown && !used && (
        <div style={{ marginTop: 12 }}>
          <Image src={imageSrc(shown)} alt="已上传的截图" width={160} data-testid="free-preview" />
        </div>
      )}
    </div>
  );
}

/** A step's picture; one that fails to load is left out rather than shown broken. */
function StepImage({ src, alt }: { src: string; alt: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) return null;
  return <Image src={src} alt={alt} width={96} style={{ borderRadius: 6 }} onError={() => setFailed(true)} />;
}

export function FreePlan({ steps, center }: FreePlanProps) {
  if (!steps.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无免费领取活动" />;
  return (
    <div style={{ display: 'grid', gap: 16 }} data-testid="free-plan">
      {steps.map((s, i) =>
        s.type === 'step' ? (
          <div key={i} style={{ display: 'flex', gap: 12, alignItems: 'flex-start' }}>
            {s.img_url && <StepImage src={s.img_url} alt={s.title} />}
            <div>
              <Typography.Text strong>
                {i + 1}. {s.title}
              </Typography.Text>
              <Typography.Paragraph type="secondary" style={{ whiteSpace: 'pre-wrap', margin: '4px 0 0' }}>
                {s.content}
              </Typography.Paragraph>
            </div>
          </div>
        ) : (
          <UploadSlot key={i} step={s} center={center} />
        ),
      )}
    </div>
  );
}
