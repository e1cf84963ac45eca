// 可复现R代码: for every tool, the R script that recomputes its headline numbers from the user's
// file and parameters, so a reviewer can check any result in R. Strings are JSON-quoted (valid R).
import type { Params } from './tool.js';

const q = (s: unknown) => JSON.stringify(String(s ?? ''));
const col = (name: unknown) => `d[[${q(name)}]]`;
const list = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : []);
const num = (v: unknown, fallback: number) => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);
const alt = (p: Params) => q(['greater', 'less'].includes(String(p.alternative)) ? p.alternative : 'two.sided');
const level = (p: Params) => num(p.level, 0.95);
const yg = (p: Params) => `x <- data.frame(y = ${col(p.y)}, g = factor(${col(p.group)}))`;

/** The uploaded file as ingest found it: R must read the original bytes the user has. */
export interface RSourceFile {
  filename: string;
  /** Text encoding detected at ingest ('utf8', 'utf8bom', 'utf16le', 'utf16be', 'gb18030'); '' for spreadsheets. */
  encoding?: string;
  /** Field delimiter detected at ingest; '' or absent for spreadsheets and commas. */
  delimiter?: string;
}

/** R's names for the encodings ingest detects, with the words the script's comment uses. */
const R_ENCODINGS: Record<string, { r: string; zh: string }> = {
  utf8: { r: 'UTF-8', zh: 'UTF-8' },
  utf8bom: { r: 'UTF-8-BOM', zh: 'UTF-8（带 BOM）' },
  // R drops the byte-order mark of UTF-16LE files itself (?file, "Encoding").
  utf16le: { r: 'UTF-16LE', zh: 'UTF-16' },
  utf16be: { r: 'UTF-16BE', zh: 'UTF-16' },
  gb18030: { r: 'GB18030', zh: 'GBK/GB18030' },
};

/**
 * How to read the user's own file in R: spreadsheets by readxl; text with the encoding and
 * delimiter that ingest detected, so the script runs on the file exactly as it was uploaded.
 */
export function rRead(file: RSourceFile | string): string[] {
  const f = typeof file === 'string' ? { filename: file } : file;
  const na = 'c("", "NA", "N/A", "NULL", ".")';
  if (/\.xlsx?$/i.test(f.filename)) return [`d <- as.data.frame(readxl::read_excel(${q(f.filename)}, na = ${na}))`];
  const enc = R_ENCODINGS[f.encoding || 'utf8'] ?? R_ENCODINGS.utf8!;
  const sep = f.delimiter && f.delimiter !== ',' ? `, sep = ${q(f.delimiter)}` : '';
  return [
    `# 按上传文件的原始编码（${enc.zh}）读取：请使用上传的原文件，不要先另存为其他编码`,
    `d <- read.csv(${q(f.filename)}, fileEncoding = ${q(enc.r)}${sep}, check.names = FALSE, na.strings = ${na})`,
  ];
}

const SCRIPTS: Record<string, (p: Params) => string[]> = {
  descriptive: (p) =>
    list(p.vars).flatMap((v) =>
      p.group
        ? [`tapply(${col(v)}, ${col(p.group)}, function(v) c(n = sum(!is.na(v)), mean = mean(v, na.rm = TRUE), sd = sd(v, na.rm = TRUE), median = median(v, na.rm = TRUE)))`]
        : [`summary(${col(v)}); sd(${col(v)}, na.rm = TRUE)`],
    ),
  normality: (p) =>
    list(p.vars).flatMap((v) => {
      const x = p.group ? `split(${col(v)}, ${col(p.group)})` : `list(${col(v)})`;
      return [`lapply(${x}, function(v) { v <- na.omit(v); list(shapiro.test(v), nortest::lillie.test(v), nortest::ad.test(v)) })`];
    }),
  'ttest-independent': (p) => [
    yg(p),
    'car::leveneTest(y ~ g, x)  # 中位数中心',
    `t.test(y ~ g, x, var.equal = TRUE, alternative = ${alt(p)}, conf.level = ${level(p)})   # Student`,
    `t.test(y ~ g, x, var.equal = FALSE, alternative = ${alt(p)}, conf.level = ${level(p)})  # Welch`,
  ],
  'ttest-paired': (p) => [`t.test(${col(p.x1)}, ${col(p.x2)}, paired = TRUE, alternative = ${alt(p)}, conf.level = ${level(p)})`, `shapiro.test(${col(p.x1)} - ${col(p.x2)})`],
  'anova-oneway': (p) => {
    const post: Record<string, string> = {
      tukey: `TukeyHSD(aov(y ~ g, x), conf.level = ${level(p)})`,
      bonferroni: 'pairwise.t.test(x$y, x$g, p.adjust.method = "bonferroni")',
      lsd: 'pairwise.t.test(x$y, x$g, p.adjust.method = "none")',
      dunnett: 'summary(multcomp::glht(aov(y ~ g, x), linfct = multcomp::mcp(g = "Dunnett")))',
      'games-howell': 'rstatix::games_howell_test(x, y ~ g)',
    };
    return [yg(p), 'anova(lm(y ~ g, x))', 'oneway.test(y ~ g, x, var.equal = FALSE)  # Welch', 'car::leveneTest(y ~ g, x)', ...(post[String(p.posthoc)] ? [post[String(p.posthoc)]!] : [])];
  },
  chisq: (p) => [`tab <- table(${col(p.row)}, ${col(p.col)})`, 'tab', 'chisq.test(tab, correct = FALSE)', 'chisq.test(tab)$expected', 'fisher.test(tab)'],
  'mann-whitney': (p) => [yg(p), `wilcox.test(y ~ g, x, alternative = ${alt(p)})`],
  'kruskal-wallis': (p) => [yg(p), 'kruskal.test(y ~ g, x)', `FSA::dunnTest(y ~ g, x, method = ${q(p.adjust === 'BH' ? 'bh' : (p.adjust ?? 'holm'))})`],
  correlation: (p) => {
    const v = list(p.vars);
    const method = q(p.method ?? 'pearson');
    return v.length === 2
      ? [`cor.test(${col(v[0])}, ${col(v[1])}, method = ${method}, alternative = ${alt(p)}, conf.level = ${level(p)})`]
      : [`cor(d[, c(${v.map(q).join(', ')})], use = "pairwise.complete.obs", method = ${method})`];
  },
  'linear-regression': (p) => {
    const xs = list(p.x);
    const fs = list(p.factors);
    const terms = [...xs, ...fs].map((n) => q(`\`${n}\``)).join(', ');
    return [
      ...fs.map((f) => `${col(f)} <- factor(${col(f)})`),
      `m <- lm(reformulate(c(${terms}), response = ${q(`\`${String(p.y)}\``)}), d)`,
      'summary(m)',
      `confint(m, level = ${level(p)})`,
      'AIC(m); car::vif(m); car::durbinWatsonTest(m); max(cooks.distance(m))',
    ];
  },
  boxplot: (p) => [yg(p), 'boxplot(y ~ g, x)', 'sapply(split(x$y, x$g), quantile, na.rm = TRUE)', 'TukeyHSD(aov(y ~ g, x))'],
  scatter: (p) => [
    `x <- data.frame(a = ${col(p.x)}, b = ${col(p.y)})`,
    'm <- lm(b ~ a, x)',
    'summary(m)',
    `confint(m, level = ${level(p)})`,
    `plot(x$a, x$b${p.group ? `, col = factor(${col(p.group)})` : ''}); abline(m)`,
  ],
};

/** The script for a tool run, or null for a tool without one. */
export function rScript(toolKey: string, params: Params, file: RSourceFile | string): string | null {
  const body = SCRIPTS[toolKey];
  if (!body) return null;
  return [`# 在 R 中复现本报告的主要结果（文件需在 R 的工作目录中）`, ...rRead(file), ...body(params)].join('\n');
}

export const R_SCRIPT_TOOLS = Object.keys(SCRIPTS);
