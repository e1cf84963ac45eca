// Tool detail (/tool/detail?toolId=&taskId=, spec 01 §2–§5): step list by group with the side
// items, the data table or the report frame in the centre, and on the right the file selector,
// upload and Next step for data steps or the dynamic form and Submit for form steps.
import { CrownFilled, DownloadOutlined, RobotOutlined, StarFilled, StarOutlined } from '@ant-design/icons';
import { FilePaths, type FormField, type Step, type SubmitResult, type ToolDetail } from '@labstat/contracts';
import { Alert, Button, Card, Col, Empty, Form, Radio, Result, Row, Space, Spin, Tooltip, Typography } from 'antd';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { FilePreviewTable } from '../../components/data-file/file-preview-table';
import { MyFileOptions } from '../../components/data-file/my-file-options';
import { UploadArea } from '../../components/data-file/upload-area';
import { VariablePanel } from '../../components/data-file/variable-panel';
import { downloadUrl } from '../../lib/api-client';
import { useFileList } from '../../lib/files-api/file-list';
import { useStarTool } from '../../lib/tools-api/star-tool';
import { downloadWord } from '../../lib/tasks-api/tasks';
import { useSubmitTool } from '../../lib/tools-api/submit-tool';
import { useStepFields, useToolBase } from '../../lib/tools-api/tool-detail';
import { ui } from '../../lib/ui-bridge';
import { AnalysisProgress, type ProgressPhase } from './analysis-progress';
import { ManualFrame, SideItems } from './side-items';
import { ToolForm } from './step-form';

// The chat (markdown renderer, sanitiser) loads the first time 解读 is pressed.
const AiChatDialog = lazy(() => import('../../components/ai-chat/ai-chat-dialog'));

const exampleDownloadPath = (fid: string, filename: string) => `${FilePaths.exampleDownload}/${fid}/${encodeURIComponent(filename)}`;

function StepList({ detail, active, onChoose }: { detail: ToolDetail; active: number; onChoose: (id: number) => void }) {
  const activeGroup = detail.step.find((s) => s.id === active)?.pid;
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="step-list">
      {[...detail.step_group]
        .sort((a, b) => a.order - b.order)
        .map((g) => (
          <div key={g.id} style={{ borderLeft: `3px solid ${g.id === activeGroup ? '#409EFF' : '#e4e7ed'}`, paddingLeft: 8 }}>
            <Typography.Text strong style={{ color: g.id === activeGroup ? '#409EFF' : undefined }}>
              {g.name}
            </Typography.Text>
            <Typography.Paragraph type="secondary" style={{ fontSize: 12, margin: '2px 0 6px' }}>
              {g.description}
            </Typography.Paragraph>
            {detail.step
              .filter((s) => s.pid === g.id)
              .map((s) => (
                <Button key={s.id} block type={s.id === active ? 'primary' : 'default'} style={{ marginBottom: 4 }} onClick={() => onChoose(s.id)}>
                  {s.name}
                </Button>
              ))}
          </div>
        ))}
    </Space>
  );
}

export function ToolDetailPage() {
  const [search] = useSearchParams();
  const toolId = Number(search.get('toolId') ?? 0);
  if (!Number.isInteger(toolId) || toolId <= 0) return <Navigate to="/public-tool/visual" replace />;
  return <ToolDetailScreen key={`${toolId}:${search.get('taskId') ?? ''}`} toolId={toolId} taskId={search.get('taskId') ?? ''} openAi={search.get('ai') === '1'} />;
}

function ToolDetailScreen({ toolId, taskId, openAi }: { toolId: number; taskId: string; openAi: boolean }) {
  const navigate = useNavigate();
  const base = useToolBase(toolId, taskId);
  const files = useFileList();
  const star = useStarTool();
  const submit = useSubmitTool();
  const [form] = Form.useForm();
  const detail = base.data;

  const [active, setActive] = useState<number | null>(null);
  const [fid, setFid] = useState<string | null>(null);
  const [result, setResult] = useState<Pick<SubmitResult, 'report' | 'reportid' | 'taskid'> | null>(null);
  // The chat stays mounted once opened, so a reply in progress survives closing and reopening.
  const [ai, setAi] = useState<'never' | 'open' | 'closed'>(openAi ? 'open' : 'never');
  const [phase, setPhase] = useState<ProgressPhase>('idle');
  const [downloading, setDownloading] = useState(false);
  const refs = { steps: useRef<HTMLDivElement>(null), centre: useRef<HTMLDivElement>(null), right: useRef<HTMLDivElement>(null), interpret: useRef<HTMLButtonElement>(null) };

  const examples = useMemo(() => detail?.step.flatMap((s) => s.exampleFile) ?? [], [detail]);
  // On load: the default step; the file and report of a re-opened task, else the example.
  useEffect(() => {
    if (!detail) return;
    setActive((a) => a ?? detail.default_step);
    const saved = detail.task?.payload as { file?: Record<string, string> } | undefined;
    setFid((f) => f ?? saved?.file?.data ?? examples[0]?._fid ?? null);
    if (detail.task?.report && detail.task.reportid) setResult({ report: detail.task.report, reportid: detail.task.reportid, taskid: detail.task.taskid });
  }, [detail, examples]);

  const fields = useStepFields(toolId, fid, taskId);
  const formSteps = useMemo(() => detail?.step.filter((s) => s.type === 'form') ?? [], [detail]);
  const fieldsOf = useCallback(
    (s: Step): FormField[] => {
      const fromFile = fields.data?.filter((f) => Math.floor(f.id / 100) === s.id);
      return fromFile && fromFile.length > 0 ? fromFile : s.form_data;
    },
    [fields.data],
  );

  const hideProgress = useCallback(() => setPhase('idle'), []);
  if (base.isLoading) return <Spin style={{ display: 'block', marginTop: 80 }} />;
  if (!detail) return <Result status="404" title="工具不存在" extra={<Button onClick={() => navigate('/public-tool/visual')}>返回工具列表</Button>} />;

  const step = detail.step.find((s) => s.id === active) ?? detail.step[0]!;
  const myFiles = files.data ?? [];
  const chosen = myFiles.find((f) => f._fid === fid);
  const chosenExample = examples.find((e) => e._fid === fid);
  const stepIndex = detail.step.findIndex((s) => s.id === step.id);
  const nextStep = detail.step[stepIndex + 1];

  const doSubmit = async () => {
    if (!fid) {
      ui.message?.warning('请先选择数据文件');
      return;
    }
    const values = form.getFieldsValue(true) as Record<string, unknown>;
    setPhase('running');
    try {
      const r = await submit.mutateAsync({
        taskId: taskId || null,
        render: null,
        toolId,
        file: { data: fid },
        form: formSteps.map((s) => ({
          data: Object.fromEntries(fieldsOf(s).map((f) => [f.filed, (values[f.filed] ?? f.value) as never])),
          identification: s.identification,
          toolId,
          stepId: s.id,
        })),
        tempdatas: detail.step.map((s) => ({ id: s.id, identification: s.identification })),
        stepId: step.id,
      });
      setResult({ report: r.report, reportid: r.reportid, taskid: r.taskid });
      ui.message?.success('修改成功');
      setPhase('done');
      // After a result arrives the report frame comes into view after 2 s (spec 01 §4).
      setTimeout(() => refs.centre.current?.scrollIntoView({ behavior: 'smooth', block: 'start' }), 2000);
    } catch {
      setPhase('idle');
    }
  };

  const centre =
    step.type === 'data' ? (
      <>
        <Card size="small" title={chosen?.filename ?? chosenExample?.filename ?? '数据预览'}>
          {fid ? <FilePreviewTable key={fid} fid={fid} height={460} /> : <Empty description="请在右侧选择或上传数据文件" />}
        </Card>
        {fid && (
          <Card size="small" title="变量类型" style={{ marginTop: 12 }}>
            <VariablePanel fid={fid} />
          </Card>
        )}
      </>
    ) : (
      <Card
        size="small"
        title={result ? '分析报告' : '工具手册'}
        extra={
          <Space>
            <Button ref={refs.interpret} icon={<RobotOutlined />} disabled={!result} onClick={() => setAi('open')} data-testid="interpret-report">
              解读
            </Button>
            <Button
              icon={<DownloadOutlined />}
              disabled={!result}
              data-testid="download-report"
              loading={downloading}
              onClick={() => {
                if (!result) return;
                setDownloading(true);
                downloadWord(result.reportid)
                  .catch(() => undefined)
                  .finally(() => setDownloading(false));
              }}
            >
              下载
            </Button>
          </Space>
        }
      >
        {result ? (
          <iframe title="分析报告" src={result.report} style={{ width: '100%', height: '75vh', border: 0 }} data-testid="report-frame" />
        ) : (
          <ManualFrame toolId={toolId} height="70vh" />
        )}
      </Card>
    );

  const right =
    step.type === 'data' ? (
      <Space direction="vertical" style={{ width: '100%' }} size={12}>
        <Card size="small" title="选择数据">
          <Radio.Group value={fid} onChange={(e) => setFid(e.target.value as string)} style={{ width: '100%' }} data-testid="file-selector">
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              示例数据
            </Typography.Text>
            {examples.map((e) => (
              <div key={e._fid}>
                <Radio value={e._fid}>{e.filename}</Radio>
              </div>
            ))}
            <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block', marginTop: 8 }}>
              我的数据
            </Typography.Text>
            <MyFileOptions files={myFiles} onDeleted={(gone) => fid === gone && setFid(examples[0]?._fid ?? null)} />
          </Radio.Group>
        </Card>
        <Card size="small" title="工具说明">
          {detail.tool_info.map((t) => (
            <Typography.Paragraph key={t} style={{ fontSize: 13, marginBottom: 6 }}>
              {t}
            </Typography.Paragraph>
          ))}
          {examples[0] && (
            <Button icon={<DownloadOutlined />} size="small" onClick={() => void downloadUrl(exampleDownloadPath(examples[0]!._fid, examples[0]!.filename)).catch(() => undefined)}>
              下载示例数据
            </Button>
          )}
        </Card>
        {(step.data_info || step.tips || (chosen?.notes.length ?? 0) > 0) && (
          <Alert
            type="info"
            showIcon
            title="数据说明"
            description={
              <div style={{ fontSize: 13 }}>
                {chosenExample && step.data_info && <p style={{ margin: '0 0 4px' }}>示例数据：{step.data_info}</p>}
                {step.tips && <p style={{ margin: '0 0 4px' }}>提示：{step.tips}</p>}
                {chosen?.notes.map((n) => (
                  <p key={n} style={{ margin: '0 0 4px' }}>
                    {n}
                  </p>
                ))}
              </div>
            }
          />
        )}
        <UploadArea compact onUploaded={(f) => setFid(f._fid)} />
        <Button type="primary" block disabled={!nextStep} onClick={() => nextStep && setActive(nextStep.id)}>
          下一步
        </Button>
      </Space>
    ) : (
      <Card size="small" title={step.name}>
        {detail.notice_panel.content && <Alert type="warning" showIcon title={detail.notice_panel.content} style={{ marginBottom: 12, whiteSpace: 'pre-line' }} />}
        {fields.isFetching && !fields.data ? <Spin /> : <ToolForm steps={formSteps} fieldsOf={fieldsOf} activeStep={step.id} form={form} />}
        <Button type="primary" block data-testid="submit-tool" onClick={() => void doSubmit()} loading={submit.isPending} disabled={detail.is_authorized !== 1}>
          提交
        </Button>
      </Card>
    );

  return (
    <div style={{ position: 'relative' }} data-testid="tool-detail">
      <Row gutter={12}>
        <Col xs={24} lg={5}>
          <Card size="small">
            <div style={{ display: 'flex', alignItems: 'center', gap: 6, marginBottom: 12 }}>
              <Typography.Title level={4} style={{ margin: 0, flex: 1 }}>
                {detail.toolname} {detail.vip && <CrownFilled style={{ color: '#E6A23C', fontSize: 16 }} aria-label="会员工具" />}
              </Typography.Title>
              <Tooltip title={detail.star ? '取消收藏' : '收藏'}>
                <Button
                  type="text"
                  aria-label={detail.star ? '取消收藏' : '收藏'}
                  icon={detail.star ? <StarFilled style={{ color: '#E6A23C' }} /> : <StarOutlined />}
                  onClick={() => star.mutate({ toolId, status: !detail.star })}
                />
              </Tooltip>
            </div>
            <div ref={refs.steps}>
              <StepList detail={detail} active={step.id} onChoose={setActive} />
            </div>
            <div style={{ marginTop: 16 }}>
              <SideItems toolId={toolId} cserviceUrl={detail.cservice_url} targets={refs} fid={fid} />
            </div>
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <div ref={refs.centre}>{centre}</div>
        </Col>
        <Col xs={24} lg={7}>
          <div ref={refs.right}>{right}</div>
        </Col>
      </Row>
      {detail.is_authorized !== 1 && (
        <div
          data-testid="subscribe-overlay"
          style={{ position: 'absolute', inset: 0, background: 'rgba(255,255,255,0.92)', zIndex: 10, display: 'flex', alignItems: 'center', justifyContent: 'center' }}
        >
          <Result
            icon={<CrownFilled style={{ color: '#E6A23C' }} />}
            title="该工具需要开通会员后使用"
            subTitle="开通会员后，100+ 工具均可免费使用"
            extra={
              <Button type="primary" onClick={() => navigate('/vip')}>
                立即订阅
              </Button>
            }
          />
        </div>
      )}
      <AnalysisProgress phase={phase} seconds={detail.runningtime || 3} onHidden={hideProgress} />
      {result && ai !== 'never' && (
        <Suspense fallback={null}>
          <AiChatDialog
            key={result.reportid}
            open={ai === 'open'}
            onClose={() => setAi('closed')}
            toolId={toolId}
            taskId={result.taskid}
            reportid={result.reportid}
            fid={fid}
          />
        </Suspense>
      )}
    </div>
  );
}
