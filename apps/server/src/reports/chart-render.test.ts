// Server-side charts: the ECharts option becomes an SVG with its Chinese text, and a 300-dpi PNG
// whose Chinese glyphs come from the CJK font (fonts-noto-cjk, installed by .ci/run).
import { describe, expect, it } from 'vitest';
import { CHART_HEIGHT, CHART_WIDTH, chartSvg, findChartFonts, pngInfo, rasterise, svgToPng, withDpi } from './chart-render.js';

const option = {
  title: { text: '收缩压' },
  xAxis: { type: 'category', data: ['对照组', '治疗组'] },
  yAxis: { type: 'value', name: 'mmHg' },
  series: [{ type: 'bar', data: [120, 131] }],
};

/** Dark pixels in the RGBA buffer: drawn text and lines. */
function ink(pixels: Buffer): number {
  let n = 0;
  for (let i = 0; i < pixels.length; i += 4) if (pixels[i]! + pixels[i + 1]! + pixels[i + 2]! < 384) n++;
  return n;
}

describe('chart rendering', () => {
  it('finds a CJK font on this machine', () => {
    const fonts = findChartFonts({});
    expect(fonts, 'install fonts-noto-cjk (Debian) or set REPORT_FONT_FILE').not.toBeNull();
    expect(() => findChartFonts({ REPORT_FONT_FILE: '/nonexistent.ttf' })).toThrow(/REPORT_FONT_FILE/);
  });

  it('writes an SVG with the Chinese labels as text', () => {
    const svg = chartSvg(option);
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg).toContain(`viewBox="0 0 ${CHART_WIDTH} ${CHART_HEIGHT}"`);
    for (const label of ['收缩压', '对照组', '治疗组', 'mmHg']) expect(svg).toContain(label);
    expect(svg).toContain('Microsoft YaHei');
  });

  it('rasterises Chinese text with the CJK font, at 300 dpi', () => {
    const fonts = findChartFonts({})!;
    const text = chartSvg({ title: { text: '中文标题测试', left: 'center', top: 'middle', textStyle: { fontSize: 40 } } }, 400, 200);
    const withFont = ink(rasterise(text, fonts, 96).pixels);
    const withoutFont = ink(rasterise(text, { files: [], family: 'none' }, 96).pixels);
    expect(withoutFont).toBe(0);
    expect(withFont).toBeGreaterThan(500);

    const png = svgToPng(chartSvg(option), fonts);
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(pngInfo(png)).toEqual({ width: Math.round((CHART_WIDTH * 300) / 96), height: Math.round((CHART_HEIGHT * 300) / 96), dpi: 300 });
  });

  it('replaces a pHYs chunk instead of adding a second one', () => {
    const png = withDpi(withDpi(rasterise(chartSvg(option, 100, 60), null, 96).asPng(), 72), 300);
    expect(png.toString('latin1').split('pHYs').length - 1).toBe(1);
    expect(pngInfo(png).dpi).toBe(300);
  });
});
