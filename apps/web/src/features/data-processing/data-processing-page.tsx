// The data-processing screen (PROCESSING_ROUTE, logged-in users; spec 01 §2): processing methods and
// the side actions on the left, the chosen file's preview and variable details in the centre, and on
// the right the file selector, the method's form (its column options come from the chosen file), the
// upload area and 提交. A submission writes a new file, which becomes the chosen one.
import { FileTextOutlined } from '@ant-design/icons';
import { ProcessingMessages, type FormField, type ProcessingResultData } from '@labstat/contracts';
import { Alert, Button, Card, Col, Empty, Form, List, Radio, Row, Space, Spin, Tour, Typography, type TourProps } from 'antd';
import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { useSearchParams } from 'react-router-dom';
import { FilePreviewTable } from '../../components/data-file/file-preview-table';
import { MyFileOptions } from '../../components/data-file/my-file-options';
import { UploadArea } from '../../components/data-file/upload-area';
import { VariablePanel } from '../../components/data-file/variable-panel';
import { FieldsForm, fieldValues } from '../../components/dynamic-form/fields-form';
import { useFileList } from '../../lib/files-api/file-list';
import { ui } from '../../lib/ui-bridge';
import { useParamsRule } from './api/params-rule';
import { useProcessingList } from './api/processing-list';
import { useSubmitProcessing } from './api/submit-processing';
import { ProcessingActions } from './components/processing-actions';
import { PROCESSING_TOUR, type TourTarget } from './tour-steps';

const EMPTY_FIELDS: FormField[] = [];

export function DataProcessingPage() {
  const methods = useProcessingList();
  const files = useFileList();
  const submit = useSubmitProcessing();
  const [form] = Form.useForm();
  const [processId, setProcessId] = useState<number | null>(null);
  // The data manager's 数据处理 link brings the file it had chosen.
  const [search] = useSearchParams();
  const [fid, setFid] = useState<string | null>(() => search.get('fid'));
  const [done, setDone] = useState<ProcessingResultData | null>(null);
  const [tour, setTour] = useState(false);

  const refs: Record<TourTarget, RefObject<HTMLDivElement | null>> = {
    methods: useRef(null),
    hot: useRef(null),
    video: useRef(null),
    manual: useRef(null),
    files: useRef(null),
    upload: useRef(null),
    preview: useRef(null),
    variables: useRef(null),
    form: useRef(null),
    support: useRef(null),
  };

  const myFiles = files.data ?? [];
  const method = methods.data?.find((m) => m.id === processId) ?? null;
  const chosenFile = myFiles.find((f) => f._fid === fid) ?? null;

  // Keep a valid file: the newest one when none (or a deleted one) is chosen.
  useEffect(() => {
    if (files.data && !files.data.some((f) => f._fid === fid)) setFid(files.data[0]?._fid ?? null);
  }, [files.data, fid]);

  // The fields follow the chosen method and file; before both are chosen the method's own fields show.
  const rule = useParamsRule(processId, chosenFile ? fid : null);
  const fields = rule.data ?? method?.params ?? EMPTY_FIELDS;

  const tourSteps = useMemo<TourProps['steps']>(
    () => PROCESSING_TOUR.map((s) => ({ title: s.title, description: s.description, target: () => refs[s.target].current! })),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );

  const doSubmit = () => {
    if (processId === null) {
      ui.message?.warning('请先选择处理方法');
      return;
    }
    if (!fid) {
      ui.message?.warning(ProcessingMessages.chooseFile);
      return;
    }
    submit.mutate(
      { processId, file: fid, form: fieldValues(fields, form) },
      {
        onSuccess: (r) => {
          setDone(r);
          setFid(r._fid);
          ui.message?.success(`${method?.toolname ?? '数据处理'}完成，已生成新文件「${r.filename}」`);
        },
      },
    );
  };

  return (
    <Row gutter={12} data-testid="data-processing">
      <Col xs={24} lg={5}>
        <Card size="small" title="数据处理方法">
          <div ref={refs.methods}>
            {methods.isLoading ? (
              <Spin />
            ) : (
              <List
                size="small"
                dataSource={methods.data ?? []}
                locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据处理方法" /> }}
                data-testid="method-list"
                renderItem={(m) => (
                  <List.Item
                    key={m.id}
                    onClick={() => setProcessId(m.id)}
                    data-testid={`method-${m.id}`}
                    aria-selected={m.id === processId}
                    style={{ cursor: 'pointer', padding: '6px 10px', borderRadius: 6, background: m.id === processId ? '#ecf5ff' : undefined }}
                  >
                    <Typography.Text strong={m.id === processId} style={{ color: m.id === processId ? '#409EFF' : undefined }}>
                      {m.toolname}
                    </Typography.Text>
                  </List.Item>
                )}
              />
            )}
          </div>
          <div style={{ marginTop: 16 }}>
            <ProcessingActions processId={processId} methodName={method?.toolname ?? ''} fid={fid} refs={refs} onTour={() => setTour(true)} />
          </div>
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <div ref={refs.preview}>
          <Card size="small" title={chosenFile?.filename ?? '数据预览'}>
            <FilePreviewTable key={fid ?? 'none'} fid={chosenFile ? fid : null} height={420} />
          </Card>
        </div>
        <div ref={refs.variables}>
          <Card size="small" title="变量详情" style={{ marginTop: 12 }}>
            {chosenFile ? <VariablePanel fid={fid} /> : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="选择数据文件后显示变量类型" />}
          </Card>
        </div>
      </Col>
      <Col xs={24} lg={7}>
        <Space direction="vertical" style={{ width: '100%' }} size={12}>
          <div ref={refs.files}>
            <Card size="small" title="选择数据">
              <Radio.Group value={fid} onChange={(e) => setFid(e.target.value as string)} style={{ width: '100%' }} data-testid="file-selector">
                <MyFileOptions files={myFiles} onDeleted={(gone) => gone === fid && setFid(null)} />
              </Radio.Group>
            </Card>
          </div>
          <div ref={refs.form}>
            <Card size="small" title={method ? `参数设置 · ${method.toolname}` : '参数设置'}>
              {method ? (
                <>
                  <Typography.Paragraph type="secondary" style={{ fontSize: 13 }}>
                    {method.discription}
                  </Typography.Paragraph>
                  {!chosenFile && <Alert type="info" showIcon title="请先选择数据文件，变量选项来自所选文件" style={{ marginBottom: 12 }} />}
                  {rule.isFetching && !rule.data ? <Spin style={{ display: 'block', margin: 24 }} /> : <FieldsForm fields={fields} form={form} columns={2} />}
                </>
              ) : (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="请在左侧选择处理方法" />
              )}
              <Button type="primary" block onClick={doSubmit} loading={submit.isPending} data-testid="processing-submit" style={{ marginTop: 4 }}>
                提交
              </Button>
              {done && (
                <Alert
                  type="success"
                  showIcon
                  style={{ marginTop: 12 }}
                  data-testid="processing-done"
                  title={`已生成新文件「${done.filename}」${done.subdata.length > 1 ? `等 ${done.subdata.length} 个文件` : ''}`}
                  description={
                    <a href={done.report} target="_blank" rel="noreferrer" data-testid="processing-report-link">
                      <FileTextOutlined /> 查看处理报告
                    </a>
                  }
                />
              )}
            </Card>
          </div>
          <div ref={refs.upload}>
            <UploadArea compact onUploaded={(f) => setFid(f._fid)} />
          </div>
        </Space>
      </Col>
      <Tour open={tour} onClose={() => setTour(false)} steps={tourSteps} indicatorsRender={(c, t) => `${c + 1} / ${t}`} />
    </Row>
  );
}
