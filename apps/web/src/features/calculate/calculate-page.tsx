// Calculation tools (/calculate/index, a pinned tab open to visitors; spec 01 §2): the tool tree on
// the left, the editable data table and the result frame in the middle, the parameter form with the
// manual drawer, 提交 and 下载结果 on the right. Choosing a tool resets its table and form to that
// tool's example and defaults.
import { DownloadOutlined, MenuFoldOutlined, MenuUnfoldOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import type { CalcParamsData } from '@labstat/contracts';
import { Button, Card, Col, Empty, Form, Row, Space, Spin, Tooltip, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { FieldsForm, fieldValues } from '../../components/dynamic-form/fields-form';
import { ManualDrawer } from '../../components/manual-drawer/manual-drawer';
import { downloadUrl } from '../../lib/api-client';
import { useCalcList } from './api/calc-list';
import { useCalcParams } from './api/calc-params';
import { useSubmitCalc } from './api/submit-calc';
import { findTool, firstTool, resultFileName, submissionRows, tableFromExample, type CalcTable } from './calc-table';
import { CalcDataTable } from './components/calc-data-table';
import { CalcToolTree } from './components/calc-tool-tree';

const heading = (text: string) => (
  <Typography.Title level={5} style={{ margin: 0 }}>
    {text}
  </Typography.Title>
);

export function CalculatePage() {
  const list = useCalcList();
  const tree = list.data?.calctoolList ?? [];
  const [toolId, setToolId] = useState<number | null>(null);
  const [folded, setFolded] = useState(false);

  // The first tool is chosen on load.
  useEffect(() => {
    if (toolId === null && list.data) setToolId(firstTool(list.data.calctoolList)?.id ?? null);
  }, [list.data, toolId]);

  const params = useCalcParams(toolId);
  const tool = toolId === null ? undefined : findTool(tree, toolId);

  return (
    <Row gutter={12} wrap={false} data-testid="calculate-page">
      <Col flex={folded ? '48px' : '240px'} style={{ transition: 'flex-basis .2s' }}>
        <Card
          size="small"
          title={folded ? null : heading('工具列表')}
          extra={
            <Tooltip title={folded ? '展开工具列表' : '收起工具列表'}>
              <Button type="text" size="small" aria-label={folded ? '展开工具列表' : '收起工具列表'} icon={folded ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />} onClick={() => setFolded(!folded)} />
            </Tooltip>
          }
          styles={{ body: { display: folded ? 'none' : undefined, maxHeight: 'calc(100vh - 180px)', overflow: 'auto' } }}
        >
          {list.isLoading ? <Spin /> : tree.length === 0 ? <Empty description={list.isError ? '计算工具加载失败' : '暂无计算工具'} /> : <CalcToolTree nodes={tree} selected={toolId} onSelect={setToolId} />}
        </Card>
      </Col>
      <Col flex="auto" style={{ minWidth: 0 }}>
        {toolId === null || !params.data ? (
          <Card size="small">{list.isLoading || params.isLoading ? <Spin style={{ display: 'block', margin: 48 }} /> : <Empty description="请在左侧选择计算工具" />}</Card>
        ) : (
          // Keyed by tool, so another tool starts from its own example, defaults and no result.
          <CalcWorkspace key={toolId} toolId={toolId} toolName={tool?.name ?? ''} params={params.data} />
        )}
      </Col>
    </Row>
  );
}

function CalcWorkspace({ toolId, toolName, params }: { toolId: number; toolName: string; params: CalcParamsData }) {
  const [form] = Form.useForm();
  const submit = useSubmitCalc();
  const [table, setTable] = useState<CalcTable>(() => tableFromExample(params.example_data.column_names, params.example_data.data));
  const [result, setResult] = useState<string | null>(null);
  const [manual, setManual] = useState(false);
  const [downloading, setDownloading] = useState(false);

  const doSubmit = () =>
    submit.mutate(
      { toolid: toolId, data: submissionRows(table), form: fieldValues(params.params, form) },
      { onSuccess: (r) => setResult(r.result) },
    );

  const download = () => {
    if (!result) return;
    setDownloading(true);
    void downloadUrl(result)
      .catch(() => undefined)
      .finally(() => setDownloading(false));
  };

  return (
    <Row gutter={12}>
      <Col xs={24} xl={15} style={{ minWidth: 0 }}>
        <Card size="small" title={heading('数据输入')} extra={<Typography.Text type="secondary">{toolName}</Typography.Text>}>
          <CalcDataTable table={table} onChange={setTable} />
        </Card>
        <Card size="small" title={heading('结果展示')} style={{ marginTop: 12 }}>
          {result ? (
            <iframe title="计算结果" src={result} style={{ width: '100%', height: '60vh', border: 0 }} data-testid="calc-result-frame" />
          ) : (
            <Empty description="填写数据与参数后点击“提交”，结果显示在这里" />
          )}
        </Card>
      </Col>
      <Col xs={24} xl={9}>
        <Card
          size="small"
          title={heading('参数配置')}
          extra={
            <Button size="small" icon={<QuestionCircleOutlined />} onClick={() => setManual(true)} data-testid="calc-help">
              帮助
            </Button>
          }
        >
          <FieldsForm fields={params.params} form={form} empty="该工具无需设置参数" />
          <Space direction="vertical" style={{ width: '100%' }}>
            <Button type="primary" block onClick={doSubmit} loading={submit.isPending} data-testid="calc-submit">
              提交
            </Button>
            <Button block icon={<DownloadOutlined />} disabled={!result} loading={downloading} onClick={download} data-testid="calc-download">
              下载结果
            </Button>
            {result && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                保存为 {resultFileName(result)}
              </Typography.Text>
            )}
          </Space>
        </Card>
      </Col>
      <ManualDrawer open={manual} onClose={() => setManual(false)} src={params.manual_url} />
    </Row>
  );
}

