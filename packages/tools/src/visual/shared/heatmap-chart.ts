// The heatmap chart both heatmaps draw (cells on a diverging scale, dendrograms beside them).
import type { ReportBlock } from '@labstat/contracts';
import { dendrogramLines, type Tree } from './dendrogram.js';
import { maxOf } from '@labstat/stats';

/** Blue–white–red (RdBu), the usual heatmap scale: a semantic colour, not the palette. */
export const DIVERGING = ['#2166AC', '#67A9CF', '#D1E5F0', '#F7F7F7', '#FDDBC7', '#EF8A62', '#B2182B'];

export interface HeatmapChartOptions {
  title: string;
  /** Top to bottom. */
  rowNames: string[];
  /** Left to right. */
  colNames: string[];
  /** [column position, row position, value], or { value, label } for a cell with its own label. */
  cells: unknown[];
  min: number;
  max: number;
  valueName: string;
  rowTree?: Tree | null;
  colTree?: Tree | null;
  /** Cell labels (e.g. r) drawn over the cells. */
  cellLabels?: boolean;
  colors?: string[];
  /** Extra series on the cells' axes (index 0), e.g. significance stars. */
  overlays?: Array<Record<string, unknown>>;
}

/**
 * The heatmap grid with dendrograms: the cells on category axes (first row on top), the column tree
 * above on a value axis spanning the same positions, the row tree on the left (root at the left).
 */
export function heatmapChart(o: HeatmapChartOptions): ReportBlock {
  const nr = o.rowNames.length;
  const nc = o.colNames.length;
  const left = o.rowTree ? '17%' : '6%';
  const top = o.colTree ? '22%' : '6%';
  const main = { left, right: '20%', top, bottom: nc > 6 || o.colNames.some((c) => c.length > 4) ? '18%' : '10%' };
  const hidden = { show: false };
  const grids: Array<Record<string, unknown>> = [main];
  const xAxis: Array<Record<string, unknown>> = [
    { type: 'category', data: o.colNames, gridIndex: 0, axisTick: { show: false }, axisLabel: { rotate: nc > 6 ? 45 : 0, interval: 0 }, splitArea: { show: false } },
  ];
  const yAxis: Array<Record<string, unknown>> = [{ type: 'category', data: o.rowNames, gridIndex: 0, inverse: true, position: 'right', axisTick: { show: false }, axisLabel: nr <= 60 ? { interval: 0 } : {} }];
  const series: Array<Record<string, unknown>> = [
    {
      type: 'heatmap',
      name: o.valueName,
      xAxisIndex: 0,
      yAxisIndex: 0,
      data: o.cells,
      label: { show: !!o.cellLabels, fontSize: 10, color: '#222' },
      itemStyle: { borderColor: '#ffffff', borderWidth: nr * nc <= 2500 ? 0.5 : 0 },
    },
  ];
  for (const s of o.overlays ?? []) series.push({ xAxisIndex: 0, yAxisIndex: 0, ...s });
  const line = { type: 'lines', coordinateSystem: 'cartesian2d', polyline: true, silent: true, lineStyle: { color: '#303133', width: 1 } };
  if (o.colTree) {
    grids.push({ left, right: '20%', top: '3%', height: '17%' });
    const g = grids.length - 1;
    xAxis.push({ ...hidden, type: 'value', gridIndex: g, min: -0.5, max: nc - 0.5 });
    yAxis.push({ ...hidden, type: 'value', gridIndex: g, min: 0, max: Number((Math.max(maxOf(o.colTree.height), 0) * 1.02).toPrecision(6)) || 1 });
    series.push({ ...line, name: '列聚类树', xAxisIndex: g, yAxisIndex: g, data: dendrogramLines(o.colTree) });
  }
  if (o.rowTree) {
    grids.push({ left: '2%', width: '14%', top, bottom: main.bottom });
    const g = grids.length - 1;
    xAxis.push({ ...hidden, type: 'value', gridIndex: g, inverse: true, min: 0, max: Number((Math.max(maxOf(o.rowTree.height), 0) * 1.02).toPrecision(6)) || 1 });
    yAxis.push({ ...hidden, type: 'value', gridIndex: g, inverse: true, min: -0.5, max: nr - 0.5 });
    series.push({ ...line, name: '行聚类树', xAxisIndex: g, yAxisIndex: g, data: dendrogramLines(o.rowTree, true) });
  }
  return {
    type: 'chart',
    title: o.title,
    option: {
      tooltip: { trigger: 'item' },
      legend: { data: [] },
      grid: grids,
      xAxis,
      yAxis,
      visualMap: {
        type: 'continuous',
        min: o.min,
        max: o.max,
        seriesIndex: 0,
        dimension: 2,
        calculable: false,
        precision: 2,
        orient: 'vertical',
        right: '2%',
        top: 'middle',
        itemHeight: 120,
        text: [String(Number(o.max.toFixed(2))), String(Number(o.min.toFixed(2)))],
        inRange: { color: o.colors ?? DIVERGING },
      },
      series,
    },
  };
}
