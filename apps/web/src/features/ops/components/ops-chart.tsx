// One ECharts chart of the operator dashboard. ECharts is not bundled into the web app: like the
// report frame, the page loads the server's copy (/reports/assets/echarts.min.js) the first time a
// chart is drawn, so neither the home page nor the ops chunk carries it.
import { Empty, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';

/** The part of the ECharts global this page uses. */
interface EChartsInstance {
  setOption(option: object, notMerge?: boolean): void;
  resize(): void;
  dispose(): void;
}
interface EChartsGlobal {
  init(el: HTMLElement, theme?: string | null, opts?: { renderer?: 'svg' | 'canvas' }): EChartsInstance;
}

const ECHARTS_SRC = '/reports/assets/echarts.min.js';
let loading: Promise<EChartsGlobal> | null = null;

function loadECharts(): Promise<EChartsGlobal> {
  const w = window as unknown as { echarts?: EChartsGlobal };
  if (w.echarts) return Promise.resolve(w.echarts);
  loading ??= new Promise<EChartsGlobal>((resolve, reject) => {
    const s = document.createElement('script');
    s.src = (import.meta.env.VITE_API_BASE ?? '') + ECHARTS_SRC;
    s.async = true;
    s.onload = () => (w.echarts ? resolve(w.echarts) : reject(new Error('ECharts 未加载')));
    s.onerror = () => {
      loading = null;
      s.remove();
      reject(new Error('图表组件加载失败'));
    };
    document.head.appendChild(s);
  });
  return loading;
}

export interface OpsChartProps {
  option: object;
  height?: number;
  /** No data to draw: an empty state instead of empty axes. */
  empty?: boolean;
  'data-testid'?: string;
}

export function OpsChart({ option, height = 260, empty, ...rest }: OpsChartProps) {
  const el = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsInstance | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');

  useEffect(() => {
    if (empty) {
      // The chart's element leaves the page with the empty state; draw afresh on the next one.
      chart.current?.dispose();
      chart.current = null;
      return;
    }
    let live = true;
    loadECharts().then(
      (echarts) => {
        if (!live || !el.current) return;
        chart.current ??= echarts.init(el.current, null, { renderer: 'svg' });
        chart.current.setOption(option, true);
        setState('ready');
      },
      () => live && setState('failed'),
    );
    return () => {
      live = false;
    };
  }, [option, empty]);

  useEffect(() => {
    const onResize = () => chart.current?.resize();
    window.addEventListener('resize', onResize);
    return () => {
      window.removeEventListener('resize', onResize);
      chart.current?.dispose();
      chart.current = null;
    };
  }, []);

  if (empty) {
    return (
      <div style={{ height, display: 'flex', alignItems: 'center', justifyContent: 'center' }} data-testid={rest['data-testid']}>
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="所选时间内暂无数据" />
      </div>
    );
  }
  return (
    <div style={{ position: 'relative', height }} data-testid={rest['data-testid']}>
      <div ref={el} style={{ width: '100%', height }} />
      {state === 'loading' && <Spin style={{ position: 'absolute', inset: 0, margin: 'auto', height: 32 }} />}
      {state === 'failed' && (
        <div style={{ position: 'absolute', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center', color: '#909399' }}>图表加载失败，请刷新重试</div>
      )}
    </div>
  );
}
