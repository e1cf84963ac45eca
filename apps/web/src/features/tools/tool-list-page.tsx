// Tool lists (spec 01 §2): standard tools per family, advanced tools per menu item, and favourites
// with their level buttons. Search by name, category buttons (three levels), 12 cards per page.
import { TOOL_LEVELS, TOOL_PAGE_SIZE, type ToolClass } from '@labstat/contracts';
import { Button, Card, Col, Empty, Input, Pagination, Radio, Row, Space, Spin, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useParams } from 'react-router-dom';
import { useToolClasses, useToolList } from '../../lib/tools-api/tool-list';
import { ToolCard } from './tool-card';

export type ToolListMode = 'public' | 'advanced' | 'collect-public' | 'collect-advanced';

function ClassButtons({ classes, value, onChange, testid }: { classes: ToolClass[]; value: string; onChange: (name: string) => void; testid: string }) {
  return (
    <Space wrap size={[8, 8]} data-testid={testid}>
      {classes.map((c) => (
        <Button key={c.name} size="small" type={c.name === value ? 'primary' : 'default'} onClick={() => onChange(c.name)}>
          {c.name_zh}
        </Button>
      ))}
    </Space>
  );
}

export function ToolListPage({ mode }: { mode: ToolListMode }) {
  const params = useParams();
  // A new list (another family or menu item) starts fresh: search, category and page.
  return <ToolListView key={`${mode}:${params.level ?? params.name ?? ''}`} mode={mode} />;
}

function ToolListView({ mode }: { mode: ToolListMode }) {
  const params = useParams();
  const advanced = mode === 'advanced' || mode === 'collect-advanced';
  const collect = mode.startsWith('collect');
  // Standard lists take their level from the lower-cased route name; favourites start on visual.
  const [collectLevel, setCollectLevel] = useState<string>(TOOL_LEVELS[0].key);
  const level1 = collect ? (advanced ? '' : collectLevel) : (params.level ?? params.name ?? '').toLowerCase();
  const classes = useToolClasses(level1, advanced);
  const [path, setPath] = useState<string[]>([]);
  const [toolname, setToolname] = useState('');
  const [page, setPage] = useState(1);

  // On entry (and when the level changes) the first returned category is selected.
  useEffect(() => {
    setPath(classes.data?.[0] ? [classes.data[0].name] : []);
    setPage(1);
  }, [classes.data]);

  const levels = useMemo(() => {
    const out: ToolClass[][] = [];
    let list = classes.data ?? [];
    for (let i = 0; list.length > 0 && i < 3; i++) {
      out.push(list);
      list = list.find((c) => c.name === path[i])?.children ?? [];
    }
    return out;
  }, [classes.data, path]);

  const list = useToolList(
    { toolname, toolcalss: path[path.length - 1] ?? '', isFavor: collect, level1, page, advanced },
    classes.isSuccess,
  );
  const count = list.data?.count ?? 0;

  const choose = (depth: number, name: string) => {
    setPath((p) => [...p.slice(0, depth), name]);
    setPage(1);
  };

  return (
    <Card data-testid="tool-list">
      <Space direction="vertical" size={12} style={{ width: '100%' }}>
        <div style={{ display: 'flex', gap: 12, alignItems: 'center', flexWrap: 'wrap' }}>
          <Input.Search
            allowClear
            placeholder="按工具名称搜索"
            style={{ maxWidth: 360 }}
            onChange={(e) => {
              setToolname(e.target.value);
              setPage(1);
            }}
            onSearch={(v) => {
              setToolname(v);
              setPage(1);
            }}
            enterButton="搜索"
            aria-label="搜索工具"
          />
          <Typography.Text type="secondary" data-testid="tool-count">
            工具总数（{count}）
          </Typography.Text>
        </div>
        {collect && !advanced && (
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            value={collectLevel}
            onChange={(e) => setCollectLevel(e.target.value as string)}
            options={TOOL_LEVELS.map((l) => ({ label: l.name, value: l.key }))}
            data-testid="collect-levels"
          />
        )}
        {levels.map((cls, depth) => (
          <ClassButtons key={depth} classes={cls} value={path[depth] ?? ''} onChange={(n) => choose(depth, n)} testid={`class-level-${depth + 1}`} />
        ))}
        <Spin spinning={list.isFetching && !list.data}>
          {list.data && list.data.list.length === 0 ? (
            <Empty description={collect ? '还没有收藏的工具' : toolname ? '没有找到匹配的工具' : '该分类下暂无工具'} />
          ) : (
            <Row gutter={[16, 16]}>
              {(list.data?.list ?? []).map((t) => (
                <Col key={t.id} xs={24} md={12} xl={8}>
                  <ToolCard tool={t} />
                </Col>
              ))}
            </Row>
          )}
        </Spin>
        <Pagination
          hideOnSinglePage
          current={page}
          pageSize={TOOL_PAGE_SIZE}
          total={count}
          showSizeChanger={false}
          onChange={setPage}
          style={{ textAlign: 'center' }}
        />
      </Space>
    </Card>
  );
}
