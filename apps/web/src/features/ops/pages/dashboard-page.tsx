// 运营概览: totals, queue and storage, and the charts of the chosen range — new and active users,
// analyses and failures per day, revenue per day, failures per tool (with their messages below).
import type { DashboardData } from '@labstat/contracts';
import { Button, Card, Col, Empty, Radio, Result, Row, Statistic, Table, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useDashboard } from '../api/dashboard';
import { OpsChart } from '../components/ops-chart';
import { formatBytes, formatSeconds, yuan } from '../format';

const RANGES = [
  { value: 7, label: '近7天' },
  { value: 30, label: '近30天' },
  { value: 90, label: '近90天' },
];

const GRID = { left: 48, right: 24, top: 40, bottom: 32, containLabel: true };
const AXIS_LABEL = { fontFamily: 'sans-serif' };

function usersOption(d: DashboardData) {
  return {
    tooltip: { trigger: 'axis' },
    legend: { data: ['新增用户', '活跃用户'], top: 0 },
    grid: GRID,
    xAxis: { type: 'category', data: d.days.map((x) => x.date.slice(5)), axisLabel: AXIS_LABEL },
    yAxis: { type: 'value', minInterval: 1, name: '人数' },
    series: [
      { name: '新增用户', type: 'line', data: d.days.map((x) => x.newUsers), itemStyle: { color: '#409EFF' } },
      { name: '活跃用户', type: 'line', data: d.days.map((x) => x.activeUsers), itemStyle: { color: '#67C23A' } },
    ],
  };
}

function analysesOption(d: DashboardData) {
  return {
    tooltip: { trigger: 'axis' },
    legend: { data: ['分析次数', '失败次数'], top: 0 },
    grid: GRID,
    xAxis: { type: 'category', data: d.days.map((x) => x.date.slice(5)), axisLabel: AXIS_LABEL },
    yAxis: { type: 'value', minInterval: 1, name: '次数' },
    series: [
      { name: '分析次数', type: 'bar', data: d.days.map((x) => x.analyses), itemStyle: { color: '#409EFF' } },
      { name: '失败次数', type: 'bar', data: d.days.map((x) => x.failures), itemStyle: { color: '#F56C6C' } },
    ],
  };
}

function revenueOption(d: DashboardData) {
  return {
    tooltip: { trigger: 'axis', valueFormatter: (v: number) => `¥${yuan(v)}` },
    grid: GRID,
    xAxis: { type: 'category', data: d.days.map((x) => x.date.slice(5)), axisLabel: AXIS_LABEL },
    yAxis: { type: 'value', name: '收入（元）' },
    series: [{ name: '收入', type: 'bar', data: d.days.map((x) => x.revenue), itemStyle: { color: '#E6A23C' } }],
  };
}

function failuresOption(d: DashboardData) {
  const top = d.failuresByTool.slice(0, 10).reverse();
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    grid: { ...GRID, left: 16 },
    xAxis: { type: 'value', minInterval: 1, name: '失败次数' },
    yAxis: { type: 'category', data: top.map((t) => t.name), axisLabel: { width: 140, overflow: 'truncate' } },
    series: [{ name: '失败次数', type: 'bar', data: top.map((t) => t.failures), itemStyle: { color: '#F56C6C' } }],
  };
}

export function OpsDashboardPage() {
  const [days, setDays] = useState(30);
  const q = useDashboard(days);
  const d = q.data;
  const options = useMemo(() => (d ? { users: usersOption(d), analyses: analysesOption(d), revenue: revenueOption(d), failures: failuresOption(d) } : null), [d]);

  if (q.isError && !d) return <Result status="error" title="运营数据加载失败" extra={<Button onClick={() => void q.refetch()}>重试</Button>} />;
  const sum = (f: (x: DashboardData['days'][number]) => number) => (d ? d.days.reduce((a, x) => a + f(x), 0) : 0);
  const allZero = (f: (x: DashboardData['days'][number]) => number) => !d || d.days.every((x) => f(x) === 0);

  return (
    <div style={{ display: 'grid', gap: 16 }} data-testid="ops-dashboard">
      <Radio.Group optionType="button" buttonStyle="solid" value={days} onChange={(e) => setDays(e.target.value as number)} options={RANGES} />
      <Row gutter={[16, 16]}>
        {[
          { title: '用户总数', value: d?.totals.users ?? 0 },
          { title: `新增用户（${days}天）`, value: sum((x) => x.newUsers) },
          { title: `分析次数（${days}天）`, value: sum((x) => x.analyses) },
          { title: `失败次数（${days}天）`, value: sum((x) => x.failures) },
          { title: `收入（${days}天）`, value: `¥${yuan(sum((x) => x.revenue))}` },
          { title: '累计收入', value: `¥${yuan(d?.totals.revenue ?? 0)}` },
        ].map((s) => (
          <Col xs={12} md={8} xl={4} key={s.title}>
            <Card size="small" loading={q.isPending}>
              <Statistic title={s.title} value={s.value} />
            </Card>
          </Col>
        ))}
      </Row>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <Card size="small" title="任务队列" loading={q.isPending} data-testid="ops-queue">
            <Row gutter={16}>
              <Col span={6}><Statistic title="排队中" value={d?.queue.waiting ?? 0} /></Col>
              <Col span={6}><Statistic title="运行中" value={d?.queue.running ?? 0} /></Col>
              <Col span={6}><Statistic title="最长等待" value={formatSeconds(d?.queue.oldestWaitSeconds ?? 0)} /></Col>
              <Col span={6}><Statistic title="平均等待" value={formatSeconds(d?.queue.avgWaitSeconds ?? 0)} /></Col>
            </Row>
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card size="small" title="存储" loading={q.isPending} data-testid="ops-storage">
            <Row gutter={16}>
              <Col span={8}><Statistic title="用户数据文件" value={d?.storage.files ?? 0} /></Col>
              <Col span={8}><Statistic title="占用空间" value={formatBytes(d?.storage.fileBytes ?? 0)} /></Col>
              <Col span={8}><Statistic title="分析报告" value={d?.storage.reports ?? 0} /></Col>
            </Row>
          </Card>
        </Col>
      </Row>
      {options && d && (
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={12}>
            <Card size="small" title="新增与活跃用户（每日）">
              <OpsChart option={options.users} empty={allZero((x) => x.newUsers + x.activeUsers)} data-testid="chart-users" />
            </Card>
          </Col>
          <Col xs={24} xl={12}>
            <Card size="small" title="分析与失败次数（每日）">
              <OpsChart option={options.analyses} empty={allZero((x) => x.analyses + x.failures)} data-testid="chart-analyses" />
            </Card>
          </Col>
          <Col xs={24} xl={12}>
            <Card size="small" title="收入（每日，元）">
              <OpsChart option={options.revenue} empty={allZero((x) => x.revenue)} data-testid="chart-revenue" />
            </Card>
          </Col>
          <Col xs={24} xl={12}>
            <Card size="small" title="各工具失败次数（前10）">
              <OpsChart option={options.failures} empty={d.failuresByTool.length === 0} data-testid="chart-failures" />
            </Card>
          </Col>
        </Row>
      )}
      <Card size="small" title="失败原因（按工具）">
        <Table
          rowKey="toolId"
          size="small"
          dataSource={d?.failuresByTool ?? []}
          loading={q.isFetching && !d}
          pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="所选时间内没有失败的分析" /> }}
          columns={[
            { title: '工具', key: 'tool', width: 260, render: (_: unknown, t) => `${t.name}（${t.toolId}）` },
            { title: '失败次数', dataIndex: 'failures', key: 'failures', width: 100 },
            {
              title: '失败信息（出现次数）',
              key: 'messages',
              render: (_: unknown, t) =>
                t.messages.map((m, i) => (
                  <Typography.Paragraph key={i} style={{ margin: 0 }} ellipsis={{ rows: 2, tooltip: m.message }}>
                    {m.message} <Typography.Text type="secondary">×{m.count}</Typography.Text>
                  </Typography.Paragraph>
                )),
            },
          ]}
        />
      </Card>
    </div>
  );
}
