// 可复现R代码: for every tool, the R script that recomputes its headline numbers from the user's
// file and parameters, so a reviewer can check any result in R. Strings are JSON-quoted (valid R).
import { R_PICK_POSITIVE, rPositive } from './binary-outcome.js';
import type { Params } from './tool.js';

import { alt, col, level, list, num, q, xcol, yg } from './r-code-helpers.js';
import { VISUAL_R_B } from './visual/r-code-b.js';
import { VISUAL_R_C } from './visual/r-code-c.js';
import { VISUAL_R_D } from './visual/r-code-d.js';
import { ADVANCED_R_A } from './advanced/r-code-a.js';
import { ADVANCED_R_B } from './advanced/r-code-b.js';
import { ADVANCED_R_C } from './advanced/r-code-c.js';
import { ADVANCED_R_D } from './advanced/r-code-d.js';
import { ADVANCED_R_E } from './advanced/r-code-e.js';
import { ADVANCED_R_X1 } from './advanced/r-code-x1.js';
import { ADVANCED_R_X2 } from './advanced/r-code-x2.js';
import { ADVANCED_R_Y1 } from './advanced/r-code-y1.js';
import { ADVANCED_R_Y2 } from './advanced/r-code-y2.js';
import { PREDICTION_R_A } from './med/prediction/r-code-a.js';
import { PREDICTION_R_B } from './med/prediction/r-code-b.js';
import { PREDICTION_R_C } from './med/prediction/r-code-c.js';
import { PREDICTION_R_D } from './med/prediction/r-code-d.js';
import { PREDICTION_R_E } from './med/prediction/r-code-e.js';
import { PREDICTION_R_F } from './med/prediction/r-code-f.js';
import { PREDICTION_R_G } from './med/prediction/r-code-g.js';

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

/**
 * Weighted log-rank of k groups in plain R (weights n: Gehan–Breslow, √n: Tarone–Ware), as the engine
 * computes it; with weight 1 it is survdiff. (survMisc::comp differs from survdiff for two groups.)
 */
const R_WEIGHTED_LOGRANK = [
  'wlr <- function(time, status, group, weight) {',
  '  g <- factor(group); k <- nlevels(g); U <- numeric(k); V <- matrix(0, k, k)',
  '  for (t in sort(unique(time[status == 1]))) {',
  '    r <- time >= t; n <- sum(r); d <- sum(time == t & status == 1)',
  '    ng <- tabulate(g[r], k); dg <- tabulate(g[time == t & status == 1], k); w <- if (weight == "n") n else sqrt(n)',
  '    U <- U + w * (dg - d * ng / n)',
  '    if (n > 1) V <- V + w^2 * d * (n - d) / (n - 1) * (diag(ng / n, k) - outer(ng, ng) / n^2)',
  '  }',
  '  chisq <- drop(U[-k] %*% solve(V[-k, -k, drop = FALSE], U[-k])); c(chisq = chisq, df = k - 1, p = pchisq(chisq, k - 1, lower.tail = FALSE))',
  '}',
];

/** Levels in the user's order, then the rest by first appearance: unique(c(given, v)). */
const orderedLevels = (given: unknown, v: string): string => {
  const g = String(given ?? '').split(/[,，;；]/).map((x) => x.trim()).filter((x) => x !== '');
  return g.length > 0 ? `c(${g.map(q).join(', ')}, as.character(${v}))` : `as.character(${v})`;
};

/** The analysed rows of a survival tool: listwise deletion, event coded 1 as the tool codes it. */
const survivalRows = (p: Params, used: string): string[] => [
  ...(String(p.event ?? '').trim() === '' ? R_PICK_POSITIVE.map((l) => l.replace('阳性取值留空时，工具按取值名称识别阳性类别', '“代表事件的取值”留空时，工具按取值名称识别事件')) : []),
  `x <- d[complete.cases(d[, c(${used})]), ]  # 列表删除`,
  `x$time <- ${xcol(p.time)}`,
  `ev <- ${rPositive(xcol(p.status), p.event)}  # 代表事件的取值`,
  `x$status <- as.integer(trimws(as.character(${xcol(p.status)})) == ev)`,
];

/** Cohen's kappa (weights none/linear/quadratic) with the SE of Fleiss, Cohen & Everitt (1969) and the z test under κ = 0, as the kappa tool. */
const R_KAPPA = [
  'kappa_ref <- function(a, b, lv, weights, level) {',
  '  k <- length(lv); pr <- table(factor(a, lv), factor(b, lv)) / length(a); i <- matrix(1:k, k, k); j <- t(i)',
  '  w <- switch(weights, none = diag(k), linear = 1 - abs(i - j) / (k - 1), quadratic = 1 - (i - j)^2 / (k - 1)^2)',
  '  r <- rowSums(pr); cc <- colSums(pr); po <- sum(w * pr); pe <- sum(w * outer(r, cc)); kap <- (po - pe) / (1 - pe)',
  '  W <- outer(drop(w %*% cc), drop(t(w) %*% r), "+")',
  '  se <- sqrt((sum(pr * (w - W * (1 - kap))^2) - (kap - pe * (1 - kap))^2) / (length(a) * (1 - pe)^2))',
  '  se0 <- sqrt((sum(outer(r, cc) * (w - W)^2) - pe^2) / (length(a) * (1 - pe)^2)); z <- qnorm(1 - (1 - level) / 2)',
  '  c(kappa = kap, se = se, lower = kap - z * se, upper = kap + z * se, z = kap / se0, p = 2 * pnorm(-abs(kap / se0)), po = po, pe = pe)',
  '}',
];

/** Fleiss' kappa (Fleiss 1971; SE under κ = 0 of Fleiss, Nee & Landis 1979) from subject × category counts, as irr::kappam.fleiss(detail = TRUE). */
const R_FLEISS = [
  'fleiss_ref <- function(counts) {',
  '  N <- nrow(counts); m <- sum(counts[1, ]); pj <- colSums(counts) / (N * m); Pe <- sum(pj^2)',
  '  k <- (mean((rowSums(counts^2) - m) / (m * (m - 1))) - Pe) / (1 - Pe)',
  '  se <- sqrt(2 / (N * m * (m - 1))) * sqrt(sum(pj * (1 - pj))^2 - sum(pj * (1 - pj) * (1 - 2 * pj))) / sum(pj * (1 - pj))',
  '  kj <- 1 - colSums(counts * (m - counts)) / (N * m * (m - 1) * pj * (1 - pj)); zj <- kj / sqrt(2 / (N * m * (m - 1)))',
  '  list(kappa = k, se = se, z = k / se, p = 2 * pnorm(-abs(k / se)), po = Pe + k * (1 - Pe), pe = Pe, category = data.frame(比例 = pj, kappa = kj, z = zj, p = 2 * pnorm(-abs(zj))))',
  '}',
];

/** Bland–Altman bias, limits of agreement and their CIs (Bland & Altman 1986, 1999), with the t test of the bias. */
const R_BLAND_ALTMAN = [
  'ba <- function(dd, level) {',
  '  n <- length(dd); s <- sd(dd); z <- qnorm(1 - (1 - level) / 2); t <- qt(1 - (1 - level) / 2, n - 1); se <- s * sqrt(1 / n + z^2 / (2 * (n - 1)))',
  '  print(t.test(dd, conf.level = level))  # 偏倚及其 CI，H0：偏倚 = 0',
  '  c(n = n, 偏倚 = mean(dd), SD = s, 下限 = mean(dd) - z * s, 上限 = mean(dd) + z * s,',
  '    下限CI = mean(dd) - z * s + c(-1, 1) * t * se, 上限CI = mean(dd) + z * s + c(-1, 1) * t * se, 界限外 = sum(abs(dd - mean(dd)) > z * s))',
  '}',
];

/** The category order of the kappa tool: given ones first, then numbers by value or text by first appearance (row by row). */
const kappaLevels = (order: unknown): string[] => {
  const given = String(order ?? '').split(/[,，;；、]/).map((s) => s.trim()).filter((s) => s !== '');
  return [
    'lv <- unique(c(t(sapply(x, identity))))  # 按数据中首次出现的顺序（逐行）',
    'if (!anyNA(suppressWarnings(as.numeric(lv)))) lv <- lv[order(as.numeric(lv))]  # 全为数值时按大小',
    ...(given.length > 0 ? [`lv <- unique(c(intersect(c(${given.map(q).join(', ')}), lv), lv))  # 指定的类别顺序`] : []),
  ];
};

/** Listwise deletion and factor levels of the multinomial, ordinal and count model tools. */
const modelRows = (p: Params, outcome: unknown[]): string[] => {
  const xs = list(p.x);
  const fs = list(p.factors);
  const refs = new Map<string, string>();
  for (const entry of String(p.reference ?? '').split(/[;；\n]/)) {
    const m = /^(.*?)[=＝:：](.*)$/.exec(entry.trim());
    if (m) refs.set(m[1]!.trim(), m[2]!);
  }
  return [
    `x <- d[complete.cases(d[, c(${[...outcome, ...xs, ...fs].map(q).join(', ')})]), ]  # 列表删除`,
    ...fs.map((f) => `${xcol(f)} <- factor(trimws(${xcol(f)}), levels = unique(${orderedLevels(refs.get(f) ?? '', `trimws(${xcol(f)})`)}))  # 第一个水平为参照`),
    `rhs <- reformulate(sprintf("\`%s\`", c(${[...xs, ...fs].map(q).join(', ')})))`,
  ];
};

/**
 * The contingency table of the chi-square tools: complete rows (weighted: a positive frequency),
 * categories in order of first appearance or in the user's order, as the tools build it.
 */
const crossTab = (p: Params): string[] => {
  const w = String(p.weight ?? '') !== '';
  return [
    `x <- d[complete.cases(d[, c(${[p.row, p.col, ...(w ? [p.weight] : [])].map(q).join(', ')})]), ]  # 列表删除`,
    ...(w ? [`x <- x[${xcol(p.weight)} > 0, ]  # 频数为 0 的行不计`] : []),
    `r <- factor(${xcol(p.row)}, levels = unique(${orderedLevels(p.rowOrder, xcol(p.row))}))  # 类别按首次出现的顺序（或指定的顺序）`,
    `cc <- factor(${xcol(p.col)}, levels = unique(${orderedLevels(p.colOrder, xcol(p.col))}))`,
    w ? `tab <- xtabs(${xcol(p.weight)} ~ r + cc)  # 按频数列加权` : 'tab <- table(r, cc)',
    `names(dimnames(tab)) <- c(${q(p.row)}, ${q(p.col)})`,
  ];
};

const SCRIPTS: Record<string, (p: Params) => string[]> = {
  ...VISUAL_R_B,
  ...VISUAL_R_C,
  ...VISUAL_R_D,
  ...PREDICTION_R_A,
  ...PREDICTION_R_B,
  ...PREDICTION_R_C,
  ...PREDICTION_R_D,
  ...PREDICTION_R_E,
  ...PREDICTION_R_F,
  ...PREDICTION_R_G,
  ...ADVANCED_R_A,
  ...ADVANCED_R_B,
  ...ADVANCED_R_C,
  ...ADVANCED_R_D,
  ...ADVANCED_R_E,
  ...ADVANCED_R_X1,
  ...ADVANCED_R_X2,
  ...ADVANCED_R_Y1,
  ...ADVANCED_R_Y2,
  kappa: (p) => {
    const raters = list(p.raters);
    const weights = q(['linear', 'quadratic'].includes(String(p.weights)) ? p.weights : 'none');
    const vars = `c(${raters.map(q).join(', ')})`;
    const head = [`raters <- ${vars}`, 'x <- d[complete.cases(d[, raters]), raters]  # 列表删除', 'x[] <- lapply(x, function(v) trimws(as.character(v)))', ...kappaLevels(p.order)];
    if (raters.length <= 2) {
      return [
        ...R_KAPPA,
        ...head,
        'table(factor(x[[1]], lv), factor(x[[2]], lv))  # 一致性列联表',
        `kappa_ref(x[[1]], x[[2]], lv, "none", ${level(p)})  # 不加权`,
        ...(weights !== '"none"' ? [`kappa_ref(x[[1]], x[[2]], lv, ${weights}, ${level(p)})  # 加权`] : []),
        '# 对照：psych::cohen.kappa(x)（不加权与平方加权），vcd::Kappa(table(...), weights = "Equal-Spacing" 或 "Fleiss-Cohen")',
      ];
    }
    return [
      ...R_KAPPA,
      ...R_FLEISS,
      ...head,
      'counts <- t(apply(x, 1, function(r) table(factor(r, lv))))  # 每个对象各类别的评定人数',
      'fleiss_ref(counts)  # 如已安装 irr：irr::kappam.fleiss(x, detail = TRUE)',
      `for (pr in combn(raters, 2, simplify = FALSE)) { cat(pr, "\\n"); print(kappa_ref(x[[pr[1]]], x[[pr[2]]], lv, ${weights}, ${level(p)})) }  # 两两 Cohen's kappa`,
    ];
  },
  icc: (p) => {
    const raters = list(p.raters);
    return [
      'library(psych)',
      `raters <- c(${raters.map(q).join(', ')})`,
      'x <- d[complete.cases(d[, raters]), raters]  # 列表删除',
      `ICC(x, lmer = FALSE, alpha = ${Number((1 - level(p)).toFixed(6))})  # 六种 ICC、F 检验与置信区间`,
    ];
  },
  'bland-altman': (p) => [
    ...R_BLAND_ALTMAN,
    `x <- d[complete.cases(d[, c(${q(p.method1)}, ${q(p.method2)})]), ]  # 列表删除`,
    `a <- ${xcol(p.method1)}; b <- ${xcol(p.method2)}; dif <- a - b; mn <- (a + b) / 2`,
    `ba(dif, ${level(p)})`,
    ...(p.regression !== false ? ['summary(lm(dif ~ mn))  # 比例偏倚：差值对均值回归'] : []),
    ...(p.percent === true ? ['pd <- 100 * dif / mn  # 百分比差值', `ba(pd, ${level(p)})`, ...(p.regression !== false ? ['summary(lm(pd ~ mn))'] : [])] : []),
    `z <- qnorm(1 - (1 - ${level(p)}) / 2); plot(mn, dif, xlab = "均值", ylab = "差值"); abline(h = mean(dif) + c(0, -1, 1) * z * sd(dif), lty = c(1, 2, 2))`,
  ],
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
  chisq: (p) => [
    ...crossTab(p),
    'tab',
    'ct <- chisq.test(tab, correct = FALSE); ct',
    'ct$expected',
    'ct$residuals; ct$stdres  # Pearson 残差与标准化残差',
    'E <- ct$expected; G2 <- 2 * sum(ifelse(tab > 0, tab * log(tab / E), 0)); c(G2 = G2, P = pchisq(G2, ct$parameter, lower.tail = FALSE))  # 似然比卡方',
    'fisher.test(tab, workspace = 2e7)  # 表太大时可用 fisher.test(tab, simulate.p.value = TRUE, B = 1e5)',
  ],
  'mann-whitney': (p) => [yg(p), `wilcox.test(y ~ g, x, alternative = ${alt(p)}, conf.int = TRUE, conf.level = ${level(p)})  # 含 Hodges-Lehmann 位置差及置信区间`],
  'wilcoxon-signed-rank': (p) => [
    `wilcox.test(${col(p.x1)}, ${col(p.x2)}, paired = TRUE, alternative = ${alt(p)}, conf.int = TRUE, conf.level = ${level(p)})`,
    `dd <- na.omit(${col(p.x1)} - ${col(p.x2)}); dd <- dd[dd != 0]; n <- length(dd); r <- rank(abs(dd)); tt <- table(r)`,
    'z <- (sum(r[dd > 0]) - n * (n + 1) / 4) / sqrt(n * (n + 1) * (2 * n + 1) / 24 - sum(tt^3 - tt) / 48); z / sqrt(n)  # 效应量 r',
  ],
  'one-sample': (p) => [
    `y <- na.omit(${col(p.y)})`,
    'shapiro.test(y)',
    `t.test(y, mu = ${num(p.mu, 0)}, alternative = ${alt(p)}, conf.level = ${level(p)})`,
    `(mean(y) - ${num(p.mu, 0)}) / sd(y)  # Cohen's d`,
    `wilcox.test(y, mu = ${num(p.mu, 0)}, alternative = ${alt(p)}, conf.int = TRUE, conf.level = ${level(p)})`,
  ],
  friedman: (p) => {
    const v = list(p.vars);
    const adj = q(['bonferroni', 'BH', 'none'].includes(String(p.adjust)) ? p.adjust : 'holm');
    return [
      `m <- as.matrix(na.omit(d[, c(${v.map(q).join(', ')})]))  # 列表删除`,
      'ft <- friedman.test(m); ft',
      'unname(ft$statistic) / (nrow(m) * (ncol(m) - 1))  # Kendall\'s W',
      ...(String(p.posthoc) === 'none'
        ? []
        : String(p.posthoc) === 'conover'
          ? [
              'rk <- t(apply(m, 1, rank)); R <- colSums(rk); n <- nrow(m); k <- ncol(m); A <- sum(rk^2)',
              'se <- sqrt(2 * (n * A - sum(R^2)) / ((n - 1) * (k - 1))); pr <- combn(k, 2)',
              'tv <- (R[pr[1, ]] - R[pr[2, ]]) / se; p <- 2 * pt(-abs(tv), (n - 1) * (k - 1))',
              `data.frame(a = colnames(m)[pr[1, ]], b = colnames(m)[pr[2, ]], t = tv, p = p, p.adj = p.adjust(p, ${adj}))`,
            ]
          : [
              'pr <- combn(ncol(m), 2); p <- apply(pr, 2, function(ij) suppressWarnings(wilcox.test(m[, ij[1]], m[, ij[2]], paired = TRUE)$p.value))',
              `data.frame(a = colnames(m)[pr[1, ]], b = colnames(m)[pr[2, ]], p = p, p.adj = p.adjust(p, ${adj}))`,
            ]),
    ];
  },
  'ks-two-sample': (p) => [
    yg(p),
    `ks.test(x$y[x$g == levels(x$g)[1]], x$y[x$g == levels(x$g)[2]], alternative = ${alt(p)})`,
    'plot(ecdf(x$y[x$g == levels(x$g)[1]])); lines(ecdf(x$y[x$g == levels(x$g)[2]]), col = "red")',
  ],
  'kruskal-wallis': (p) => [yg(p), 'kruskal.test(y ~ g, x)', `FSA::dunnTest(y ~ g, x, method = ${q(p.adjust === 'BH' ? 'bh' : (p.adjust ?? 'holm'))})`],
  correlation: (p) => {
    const v = list(p.vars);
    const method = q(p.method ?? 'pearson');
    return v.length === 2
      ? [`cor.test(${col(v[0])}, ${col(v[1])}, method = ${method}, alternative = ${alt(p)}, conf.level = ${level(p)})`]
      : [`cor(d[, c(${v.map(q).join(', ')})], use = "pairwise.complete.obs", method = ${method})`];
  },
  'factorial-anova': (p) => {
    const covs = list(p.covariates);
    const hasB = String(p.factorB ?? '') !== '';
    const inter = hasB && p.interaction !== false;
    const adj = p.posthoc === 'bonferroni' ? 'bonferroni' : p.posthoc === 'none' ? 'none' : 'tukey';
    const orders = new Map(
      String(p.order ?? '')
        .split(/[;；\n]/)
        .map((e) => /^(.*?)[=＝:：](.*)$/.exec(e.trim()))
        .filter((m): m is RegExpExecArray => m !== null)
        .map((m) => [m[1]!.trim(), m[2]!] as const),
    );
    const fac = (v: string, name: unknown) => `x$${v} <- factor(x$${v}, levels = unique(${orderedLevels(orders.get(String(name)), `x$${v}`)}))`;
    const rhs = [...covs.map((_, i) => `c${i + 1}`), inter ? 'A * B' : hasB ? 'A + B' : 'A'].join(' + ');
    return [
      `x <- data.frame(y = ${col(p.y)}, A = ${col(p.factorA)}${hasB ? `, B = ${col(p.factorB)}` : ''}${covs.map((c, i) => `, c${i + 1} = ${col(c)}`).join('')})`,
      `x <- x[complete.cases(x), ]  # 列表删除${covs.length > 0 ? `；协变量 c1… 依次为 ${covs.join('、')}` : ''}`,
      fac('A', p.factorA),
      ...(hasB ? [fac('B', p.factorB)] : []),
      'options(contrasts = c("contr.sum", "contr.poly"))  # 效应编码，III 型平方和',
      `m <- lm(y ~ ${rhs}, x)`,
      'car::Anova(m, type = 3)  # III 型方差分析表（含截距行）',
      'c(R2 = summary(m)$r.squared, adjR2 = summary(m)$adj.r.squared)',
      'library(emmeans)',
      `confint(emmeans(m, ~ A), level = ${level(p)})  # 估计边际均值${covs.length > 0 ? '（协变量取均值）' : ''}`,
      ...(hasB ? [`confint(emmeans(m, ~ B), level = ${level(p)})`, `confint(emmeans(m, ~ A:B), level = ${level(p)})`] : []),
      ...(p.posthoc === 'skip'
        ? []
        : [
            `summary(pairs(emmeans(m, ~ A), adjust = ${q(adj)}), infer = TRUE, level = ${level(p)})  # 两两比较`,
            ...(hasB ? [`summary(pairs(emmeans(m, ~ B), adjust = ${q(adj)}), infer = TRUE, level = ${level(p)})`] : []),
            ...(inter && p.simple !== false ? [`summary(pairs(emmeans(m, ~ A | B), adjust = ${q(adj)}), infer = TRUE, level = ${level(p)})  # 简单效应`] : []),
          ]),
      `car::leveneTest(y ~ ${hasB ? 'A * B' : 'A'}, x)  # 各单元格方差齐性（中位数中心）`,
      'shapiro.test(residuals(m))  # 残差正态性',
      ...covs.flatMap((_, i) => [`car::Anova(update(m, . ~ . + c${i + 1}:A), type = 3)  # 回归斜率同质性`, ...(hasB ? [`car::Anova(update(m, . ~ . + c${i + 1}:B), type = 3)`] : [])]),
      ...(hasB ? ['with(x, interaction.plot(A, B, y))  # 交互作用图（原始均值）'] : []),
    ];
  },
  'repeated-anova': (p) => {
    const vars = list(p.vars);
    const hasG = String(p.group ?? '') !== '';
    const cols = `c(${vars.map(q).join(', ')})`;
    const lines = [
      `tm <- ${cols}  # 按时间顺序的测量列`,
      `x <- d[complete.cases(d[, c(tm${hasG ? `, ${q(p.group)}` : ''})]), ]  # 列表删除`,
      'Y <- as.matrix(x[, tm]); idata <- data.frame(time = factor(seq_along(tm)))',
    ];
    if (!hasG) {
      return [
        ...lines,
        'summary(car::Anova(lm(Y ~ 1), idata = idata, idesign = ~time, type = 3), multivariate = FALSE)  # Mauchly、GG、HF',
        'pairwise.t.test(as.vector(Y), rep(seq_along(tm), each = nrow(Y)), paired = TRUE, p.adjust.method = "bonferroni")',
        'matplot(t(Y), type = "l", lty = 1, col = "grey"); lines(colMeans(Y), lwd = 3)  # 轮廓图',
      ];
    }
    return [
      ...lines,
      `g <- factor(${xcol(p.group)}, levels = unique(${orderedLevels(p.groupOrder, xcol(p.group))}))`,
      'av <- car::Anova(lm(Y ~ g, contrasts = list(g = contr.sum)), idata = idata, idesign = ~time, type = 3)',
      'summary(av, multivariate = FALSE)  # 组间效应、时间与交互作用、Mauchly、GG、HF',
      ...(p.simple !== false
        ? [
            '# 简单效应：各组内的时间效应',
            'for (lv in levels(g)) print(summary(car::Anova(lm(Y[g == lv, ] ~ 1), idata = idata, idesign = ~time, type = 3), multivariate = FALSE)$univariate.tests)',
            '# 简单效应：各时间点的组间比较',
            'for (j in seq_along(tm)) print(anova(lm(Y[, j] ~ g)))',
            '# 时间点两两比较：估计边际均值，个体内层的合并误差（假定球形），Bonferroni 校正',
            'long <- data.frame(id = factor(rep(seq_len(nrow(Y)), length(tm))), g = rep(g, length(tm)), time = factor(rep(tm, each = nrow(Y)), levels = tm), y = as.vector(Y))',
            'options(contrasts = c("contr.sum", "contr.poly")); fit <- aov(y ~ g * time + Error(id/time), long)',
            `summary(pairs(emmeans::emmeans(fit, ~ time), adjust = "bonferroni"), infer = TRUE, level = ${level(p)})  # 各组等权平均`,
            `summary(pairs(emmeans::emmeans(fit, ~ time | g), adjust = "bonferroni"), infer = TRUE, level = ${level(p)})  # 各组内`,
          ]
        : []),
      'm <- sapply(split(as.data.frame(Y), g), colMeans); matplot(m, type = "b", pch = 19, xaxt = "n", ylab = "均值"); axis(1, seq_along(tm), tm)  # 轮廓图',
    ];
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
  // The guided flows (small_process): the same decisions in R, then the test they choose.
  'flow-two-groups': (p) => [
    yg(p),
    'x <- droplevels(na.omit(x))  # 列表删除',
    `alpha <- ${num(p.checkAlpha, 0.05)}`,
    'sw <- tapply(x$y, x$g, function(v) shapiro.test(v)$p.value); sw  # 第一步：各组正态性',
    'if (all(sw >= alpha)) {',
    '  lev <- car::leveneTest(y ~ g, x)[1, "Pr(>F)"]; print(lev)  # 第二步：方差齐性（中位数中心）',
    `  t.test(y ~ g, x, var.equal = lev >= alpha, conf.level = ${level(p)})  # Student（方差齐）或 Welch`,
    `} else wilcox.test(y ~ g, x, conf.int = TRUE, conf.level = ${level(p)})  # Mann-Whitney U`,
  ],
  'flow-multi-groups': (p) => [
    yg(p),
    'x <- droplevels(na.omit(x))  # 列表删除',
    `alpha <- ${num(p.checkAlpha, 0.05)}`,
    'sw <- tapply(x$y, x$g, function(v) shapiro.test(v)$p.value); sw  # 第一步：各组正态性',
    'if (all(sw >= alpha)) {',
    '  lev <- car::leveneTest(y ~ g, x)[1, "Pr(>F)"]; print(lev)  # 第二步：方差齐性（中位数中心）',
    `  if (lev >= alpha) { print(anova(lm(y ~ g, x))); TukeyHSD(aov(y ~ g, x), conf.level = ${level(p)}) }`,
    '  else { print(oneway.test(y ~ g, x, var.equal = FALSE)); rstatix::games_howell_test(x, y ~ g) }',
    '} else { print(kruskal.test(y ~ g, x)); FSA::dunnTest(y ~ g, x, method = "holm") }',
  ],
  'flow-paired': (p) => [
    `x <- na.omit(data.frame(a = ${col(p.x1)}, b = ${col(p.x2)}))  # 列表删除`,
    `alpha <- ${num(p.checkAlpha, 0.05)}`,
    'sw <- shapiro.test(x$a - x$b)$p.value; sw  # 第一步：差值的正态性',
    `if (sw >= alpha) t.test(x$a, x$b, paired = TRUE, conf.level = ${level(p)}) else wilcox.test(x$a, x$b, paired = TRUE, conf.int = TRUE, conf.level = ${level(p)})`,
  ],
  'flow-categorical': (p) => [
    ...crossTab(p),
    'tab',
    'E <- suppressWarnings(chisq.test(tab))$expected; E; n <- sum(tab)  # 理论频数',
    'if (all(dim(tab) == 2)) {  # 四格表',
    '  if (n < 40 || min(E) < 1) fisher.test(tab) else if (min(E) < 5) chisq.test(tab, correct = TRUE) else chisq.test(tab, correct = FALSE)',
    '} else if (mean(E < 5) > 0.2 || min(E) < 1) fisher.test(tab) else chisq.test(tab, correct = FALSE)  # R×C 表',
  ],
  'flow-correlation': (p) => [
    `x <- na.omit(data.frame(a = ${col(p.x)}, b = ${col(p.y)}))  # 列表删除`,
    `alpha <- ${num(p.checkAlpha, 0.05)}`,
    'sw <- c(shapiro.test(x$a)$p.value, shapiro.test(x$b)$p.value); sw  # 第一步：两变量各自的正态性',
    `cor.test(x$a, x$b, method = if (all(sw >= alpha)) "pearson" else "spearman", conf.level = ${level(p)})`,
  ],
  'roc-curve': (p) => {
    const y = xcol(p.outcome);
    const vars = [String(p.outcome), ...list(p.markers)];
    const dir = p.direction === 'higher' ? '"<"' : p.direction === 'lower' ? '">"' : '"auto"';
    return [
      'library(pROC)',
      ...(String(p.positive ?? '').trim() === '' ? R_PICK_POSITIVE : []),
      `vars <- c(${list(p.markers).map(q).join(', ')})`,
      `x <- d[complete.cases(d[, c(${vars.map(q).join(', ')})]), ]  # 列表删除`,
      `y <- as.character(${y}); pos <- ${rPositive(y, p.positive)}`,
      'y <- factor(y, levels = c(setdiff(unique(y), pos), pos))  # 阴性在前、阳性在后',
      `rocs <- setNames(lapply(vars, function(v) roc(y, x[[v]], levels = levels(y), direction = ${dir}, quiet = TRUE)), vars)`,
      `for (v in vars) { r <- rocs[[v]]; cat("==", v, "\\n"); ci <- as.numeric(ci.auc(r, method = "delong", conf.level = ${level(p)})); print(c(AUC = ci[2], SE = sqrt(var(r, method = "delong")), 下限 = ci[1], 上限 = ci[3], P = 2 * pnorm(-abs(ci[2] - 0.5) / sqrt(var(r, method = "delong"))))); print(coords(r, "best", best.method = "youden", ret = c("threshold", "sensitivity", "specificity", "ppv", "npv", "accuracy"))) }`,
      ...(list(p.markers).length > 1 && p.compare !== false
        ? [`for (pr in combn(vars, 2, simplify = FALSE)) print(roc.test(rocs[[pr[1]]], rocs[[pr[2]]], method = "delong", paired = TRUE, conf.level = ${level(p)}))`]
        : []),
      'coords(rocs[[1]], "all", ret = c("threshold", "sensitivity", "specificity", "ppv", "npv", "accuracy"))  # 全部截断值（第一个指标）',
      'plot(rocs[[1]], print.auc = TRUE); if (length(rocs) > 1) for (k in 2:length(rocs)) plot(rocs[[k]], add = TRUE, col = k)',
    ];
  },
  'diagnostic-test': (p) => {
    const t = xcol(p.test);
    const g = xcol(p.gold);
    const auto = String(p.testPositive ?? '').trim() === '' || String(p.goldPositive ?? '').trim() === '';
    const prev = num(p.prevalence, 0.1);
    return [
      ...(auto ? R_PICK_POSITIVE : []),
      `x <- d[!is.na(${col(p.test)}) & !is.na(${col(p.gold)}), ]`,
      `pos_test <- ${rPositive(t, p.testPositive)}; pos_gold <- ${rPositive(g, p.goldPositive)}`,
      `tab <- table(factor(${t} == pos_test, c(TRUE, FALSE), c("阳性", "阴性")), factor(${g} == pos_gold, c(TRUE, FALSE), c("阳性", "阴性")), dnn = c("试验", "金标准"))`,
      'tab',
      `e <- epiR::epi.tests(tab, method = ${p.ciMethod === 'wilson' ? '"wilson"' : '"exact"'}, conf.level = ${level(p)})$detail; rownames(e) <- e$statistic`,
      'e[c("se", "sp", "pv.pos", "pv.neg", "diag.ac", "tp", "lr.pos", "lr.neg", "youden", "diag.or"), ]',
      ...(p.ciMethod === 'wilson'
        ? [`prop.test(tab[1, 1], sum(tab[, 1]), correct = FALSE, conf.level = ${level(p)})$conf.int  # 灵敏度（Wilson）`]
        : [`binom.test(tab[1, 1], sum(tab[, 1]), conf.level = ${level(p)})$conf.int  # 灵敏度（Clopper-Pearson）`, `binom.test(tab[2, 2], sum(tab[, 2]), conf.level = ${level(p)})$conf.int  # 特异度`]),
      ...(p.usePrevalence === true
        ? [
            `o <- ${prev} / (1 - ${prev})  # 指定患病率的比数`,
            'lr <- unlist(e["lr.pos", c("est", "lower", "upper")]); lr * o / (lr * o + 1)  # 阳性预测值及区间',
            'lr <- unlist(e["lr.neg", c("est", "upper", "lower")]); setNames(1 / (1 + lr * o), c("est", "lower", "upper"))  # 阴性预测值及区间',
          ]
        : []),
    ];
  },
  'baseline-table': (p) => {
    const vec = (v: unknown) => `c(${list(v).map(q).join(', ')})`;
    const display = p.display === 'mean' || p.display === 'median' ? p.display : 'auto';
    const grouped = String(p.group ?? '') !== '';
    return [
      `vars <- ${vec(p.vars)}`,
      `factor_vars <- ${vec(p.factor_vars)}; normal_vars <- ${vec(p.normal_vars)}; nonnormal_vars <- ${vec(p.nonnormal_vars)}; display <- ${q(display)}`,
      ...(grouped
        ? [`d <- d[!is.na(${col(p.group)}), ]  # 分组缺失者不纳入`, `g <- factor(${col(p.group)}, levels = unique(${orderedLevels(p.groupOrder, col(p.group))}))  # 组按首次出现的顺序（或指定的顺序）`]
        : ['g <- factor(rep("合计", nrow(d)))']),
      '# 标准化均数差，同 tableone：定量 |m1 - m2| / sqrt((s1^2 + s2^2) / 2)；分类为 Yang-Dalton 多分类 SMD；多组取两两最大值',
      'smd_cont <- function(a, b) abs(mean(a) - mean(b)) / sqrt((var(a) + var(b)) / 2)',
      'smd_cat <- function(x, g, a, b) { pr <- function(l) { v <- x[g == l & !is.na(x)]; as.numeric(table(factor(v, levels = levels(x)))) / length(v) }; p1 <- pr(a)[-1]; p2 <- pr(b)[-1]; cv <- function(q) { m <- -outer(q, q); diag(m) <- q * (1 - q); m }; dd <- p1 - p2; sqrt(drop(t(dd) %*% MASS::ginv((cv(p1) + cv(p2)) / 2) %*% dd)) }',
      'max_smd <- function(f) max(combn(levels(g), 2, function(pr) f(pr[1], pr[2])))',
      'desc <- function(z) c(n = length(z), 均值 = mean(z), 标准差 = sd(z), setNames(quantile(z, c(0.5, 0.25, 0.75)), c("中位数", "P25", "P75")))',
      'sw_p <- function(z) if (length(z) < 3 || length(z) > 5000) NA else if (length(unique(z)) == 1) 0 else shapiro.test(z)$p.value',
      'for (v in vars) {',
      '  x <- d[[v]]; cat("\\n==", v, "缺失", sum(is.na(x)), "\\n")',
      '  if (is.numeric(x) && !(v %in% factor_vars)) {',
      '    ok <- !is.na(x); y <- x[ok]; gg <- droplevels(g[ok])',
      '    sw <- tapply(y, gg, sw_p)',
      '    normal <- if (v %in% normal_vars) TRUE else if (v %in% nonnormal_vars) FALSE else if (display != "auto") display == "mean" else all(sw >= 0.05, na.rm = TRUE)',
      grouped ? '    print(rbind(合计 = desc(y), do.call(rbind, tapply(y, gg, desc))))' : '    print(desc(y))',
      '    cat("Shapiro-Wilk P:", sw, "→", if (normal) "均值 ± 标准差" else "M (P25, P75)", "\\n")',
      ...(grouped
        ? [
            '    if (normal) {',
            '      eq <- car::leveneTest(y ~ gg)[1, "Pr(>F)"] >= 0.05  # Levene（中位数中心）',
            '      print(if (nlevels(gg) == 2) t.test(y ~ gg, var.equal = eq) else oneway.test(y ~ gg, var.equal = eq))',
            '    } else print(if (nlevels(gg) == 2) wilcox.test(y ~ gg) else kruskal.test(y ~ gg))',
            '    cat("SMD", max_smd(function(a, b) smd_cont(y[gg == a], y[gg == b])), "\\n")',
          ]
        : []),
      '  } else {',
      '    xf <- factor(x, levels = unique(x[!is.na(x)]))  # 类别按首次出现的顺序',
      '    tab <- table(g, xf); print(tab); print(round(100 * prop.table(tab, 1), 1))',
      ...(grouped
        ? [
            '    e <- suppressWarnings(chisq.test(tab, correct = FALSE))',
            '    print(if (min(e$expected) >= 5) e else tryCatch(fisher.test(tab, workspace = 2e8), error = function(err) fisher.test(tab, simulate.p.value = TRUE, B = 1e5)))',
            '    cat("SMD", max_smd(function(a, b) smd_cat(xf, g, a, b)), "\\n")',
          ]
        : []),
      '  }',
      '}',
    ];
  },
  'kaplan-meier': (p) => {
    const grouped = String(p.group ?? '') !== '';
    const used = [p.time, p.status, ...(grouped ? [p.group] : [])].map(q).join(', ');
    const times = String(p.times ?? '').split(/[\s,，;；、]+/).filter((v) => v !== '' && Number.isFinite(Number(v)));
    const tau = typeof p.tau === 'number' && p.tau > 0 ? String(p.tau) : grouped ? 'min(tapply(x$time, x$group, max))  # 各组最长随访时间中的最小值' : 'max(x$time)';
    const rho = p.test === 'peto-peto' ? 1 : 0;
    const adjust = q(['bonferroni', 'BH', 'none'].includes(String(p.adjust)) ? p.adjust : 'holm');
    const lrtRow = { logrank: 1, 'gehan-breslow': 2, 'tarone-ware': 3, 'peto-peto': 0 }[String(p.test)] ?? 1;
    return [
      'library(survival)',
      ...survivalRows(p, used),
      ...(grouped ? [`x$group <- factor(${xcol(p.group)}, levels = unique(${orderedLevels(p.groupOrder, xcol(p.group))}))  # 组按首次出现的顺序（或指定的顺序）`] : []),
      `fit <- survfit(Surv(time, status) ~ ${grouped ? 'group' : '1'}, x, conf.type = ${q(['log', 'plain'].includes(String(p.confType)) ? p.confType : 'log-log')}, conf.int = ${level(p)})`,
      `tau <- ${tau}`,
      'print(fit, rmean = tau)  # 例数、事件数、RMST 及其标准误、中位生存时间及 CI',
      'quantile(fit, c(0.25, 0.5, 0.75))  # 四分位生存时间及 CI',
      times.length > 0 ? `summary(fit, times = c(${times.join(', ')}))  # 指定时间点的生存率` : 'summary(fit)  # 各事件时间的生存率（报告中的时间点按坐标轴刻度选取）',
      ...(grouped
        ? [
            'survdiff(Surv(time, status) ~ group, x)           # Log-rank',
            'survdiff(Surv(time, status) ~ group, x, rho = 1)  # Peto–Peto（加权的观察数与期望数）',
            ...R_WEIGHTED_LOGRANK,
            'sapply(c(gehan = "n", tarone = "sqrtN"), function(w) wlr(x$time, x$status, x$group, w))  # Gehan–Breslow、Tarone–Ware',
            '# 两两比较（每两组单独检验后校正 P 值）',
            'pr <- combn(levels(x$group), 2)',
            lrtRow === 0 || lrtRow === 1
              ? `pw <- apply(pr, 2, function(g) { s <- survdiff(Surv(time, status) ~ group, droplevels(x[x$group %in% g, ]), rho = ${rho}); pchisq(s$chisq, 1, lower.tail = FALSE) })`
              : `pw <- apply(pr, 2, function(g) { y <- droplevels(x[x$group %in% g, ]); wlr(y$time, y$status, y$group, ${q(lrtRow === 2 ? 'n' : 'sqrtN')})[["p"]] })`,
            `data.frame(t(pr), p = pw, p.adj = p.adjust(pw, ${adjust}))`,
          ]
        : []),
      'ticks <- local({ mx <- max(x$time); m <- 10^floor(log10(mx / 6)); s <- m * c(1, 2, 2.5, 5, 10); s <- s[s >= mx / 6][1]; seq(0, s * ceiling(mx / s - 1e-9), by = s) })  # 横轴刻度',
      's <- summary(fit, times = ticks, extend = TRUE); data.frame(组 = if (is.null(s$strata)) "总体" else s$strata, 时间 = s$time, 风险人数 = s$n.risk)  # 图下方的风险人数',
      `plot(fit, conf.int = TRUE, mark.time = TRUE${grouped ? ', col = seq_along(levels(x$group))' : ''}, xlab = ${q(p.time)}, ylab = "生存率", xaxt = "n"); axis(1, ticks)`,
    ];
  },
  'cox-regression': (p) => {
    const xs = list(p.x);
    const fs = list(p.factors);
    const strata = String(p.strata ?? '');
    const used = [p.time, p.status, ...xs, ...fs, ...(strata ? [strata] : [])].map(q).join(', ');
    const refs = new Map<string, string[]>();
    for (const entry of String(p.reference ?? '').split(/[;；\n]/)) {
      const m = /^(.*?)[=＝:：](.*)$/.exec(entry.trim());
      if (m) refs.set(m[1]!.trim(), m[2]!.split(/[,，、]/).map((v) => v.trim()).filter((v) => v !== ''));
    }
    const bt = (v: string) => `\`${v.replace(/`/g, '\\`')}\``;
    const rhs = (vars: string) => `paste(c(sprintf("\`%s\`", ${vars})${strata ? `, ${q(`strata(${bt(strata)})`)}` : ''}), collapse = " + ")`;
    const ties = q(p.ties === 'breslow' ? 'breslow' : 'efron');
    const screen = p.selection === 'screen';
    return [
      'library(survival)',
      ...survivalRows(p, used),
      ...fs.map((f) => `${xcol(f)} <- factor(${xcol(f)}, levels = unique(${orderedLevels((refs.get(f) ?? []).join(','), xcol(f))}))  # 第一个水平为参照`),
      `vars <- c(${[...xs, ...fs].map(q).join(', ')})`,
      `cox <- function(v) coxph(as.formula(paste("Surv(time, status) ~", ${rhs('v')})), x, ties = ${ties})`,
      '# 单因素：每个变量单独拟合（整体 P 为似然比检验）',
      `uni <- lapply(vars, function(v) { m <- cox(v); print(summary(m, conf.int = ${level(p)})$conf.int); print(summary(m)$coefficients); m })`,
      'lr_p <- sapply(uni, function(m) summary(m)$logtest[["pvalue"]]); names(lr_p) <- vars; lr_p',
      ...(screen ? [`vars <- vars[lr_p < ${num(p.screenP, 0.1)}]  # 单因素筛选`] : []),
      'fit <- cox(vars)',
      `summary(fit, conf.int = ${level(p)})  # HR 与 CI、Wald 检验，似然比/Wald/Score 检验，C 指数（se）`,
      'drop1(fit, test = "Chisq")  # 各变量（多分类变量整体）的似然比检验',
      'AIC(fit)',
      `zph <- cox.zph(fit, transform = ${q(['rank', 'identity', 'log'].includes(String(p.zphTransform)) ? p.zphTransform : 'km')}); zph  # 比例风险假定检验`,
      'plot(zph)  # 标准化 Schoenfeld 残差',
    ];
  },
  'multinomial-logistic': (p) => [
    'library(nnet); library(car)',
    ...modelRows(p, [p.y]),
    `y <- trimws(${xcol(p.y)}); ref <- ${String(p.outcomeReference ?? '').trim() ? q(String(p.outcomeReference).trim()) : 'y[1]'}  # 结局的参照类别`,
    'x$y <- factor(y, levels = unique(c(ref, y)))',
    'fit <- multinom(update(rhs, y ~ .), data = x, trace = FALSE, reltol = 1e-12, maxit = 1000)',
    'fit0 <- multinom(y ~ 1, data = x, trace = FALSE, reltol = 1e-12, maxit = 1000)',
    `s <- summary(fit); b <- coef(fit); se <- s$standard.errors; z <- qnorm(1 - (1 - ${level(p)}) / 2)`,
    'list(B = b, SE = se, Wald = (b / se)^2, P = 2 * pnorm(-abs(b / se)), RRR = exp(b), lower = exp(b - z * se), upper = exp(b + z * se))',
    'anova(fit0, fit)  # 模型似然比检验',
    'lr <- deviance(fit0) - deviance(fit); n <- nrow(x); cs <- 1 - exp(-lr / n)',
    'c(m2LL = deviance(fit), AIC = AIC(fit), BIC = BIC(fit), McFadden = 1 - deviance(fit) / deviance(fit0), CoxSnell = cs, Nagelkerke = cs / (1 - exp(-deviance(fit0) / n)))',
    'Anova(fit)  # 各变量的似然比检验（Ⅱ型）',
    'table(观察 = x$y, 预测 = predict(fit))  # 分类表',
  ],
  'ordinal-logistic': (p) => {
    const order = String(p.order ?? '').split(/[,，;；]/).map((v) => v.trim()).filter((v) => v !== '');
    return [
      'library(MASS)',
      ...modelRows(p, [p.y]),
      `y <- trimws(${xcol(p.y)})`,
      order.length > 0
        ? `x$y <- factor(y, levels = c(${order.map(q).join(', ')}), ordered = TRUE)  # 等级由低到高`
        : 'x$y <- factor(y, levels = if (all(!is.na(suppressWarnings(as.numeric(y))))) as.character(sort(unique(as.numeric(y)))) else unique(y), ordered = TRUE)  # 等级由低到高',
      'fit <- polr(update(rhs, y ~ .), data = x, Hess = TRUE, control = list(reltol = 1e-12, maxit = 1000))',
      'fit0 <- polr(y ~ 1, data = x, Hess = TRUE)',
      `b <- coef(fit); se <- sqrt(diag(vcov(fit)))[names(b)]; z <- qnorm(1 - (1 - ${level(p)}) / 2)`,
      'fit$zeta  # 阈值',
      'cbind(B = b, SE = se, Wald = (b / se)^2, P = 2 * pnorm(-abs(b / se)), OR = exp(b), lower = exp(b - z * se), upper = exp(b + z * se))',
      'anova(fit0, fit)  # 模型似然比检验',
      'lr <- deviance(fit0) - deviance(fit); n <- nrow(x); cs <- 1 - exp(-lr / n)',
      'c(m2LL = deviance(fit), AIC = AIC(fit), BIC = BIC(fit), McFadden = 1 - deviance(fit) / deviance(fit0), CoxSnell = cs, Nagelkerke = cs / (1 - exp(-deviance(fit0) / n)))',
      'drop1(fit, test = "Chisq")  # 各变量（多分类变量整体）的似然比检验',
      '# Brant 平行线检验（Brant 1990；亦可 install.packages("brant"); brant::brant(fit)）',
      'brant_test <- function(y, X) {',
      '  J <- nlevels(y); p <- ncol(X); fits <- lapply(1:(J - 1), function(j) glm(as.numeric(y) > j ~ X, family = binomial))',
      '  Xi <- cbind(1, X); pi <- sapply(fits, fitted); beta <- unlist(lapply(fits, function(f) coef(f)[-1]))',
      '  V <- matrix(0, (J - 1) * p, (J - 1) * p)',
      '  for (j in 1:(J - 1)) for (l in j:(J - 1)) {',
      '    Wjl <- pi[, l] - pi[, j] * pi[, l]',
      '    Ij <- solve(t(Xi) %*% (Xi * pi[, j] * (1 - pi[, j]))); Il <- solve(t(Xi) %*% (Xi * pi[, l] * (1 - pi[, l])))',
      '    blk <- (Ij %*% (t(Xi) %*% (Xi * Wjl)) %*% Il)[-1, -1, drop = FALSE]',
      '    V[((j - 1) * p + 1):(j * p), ((l - 1) * p + 1):(l * p)] <- blk; V[((l - 1) * p + 1):(l * p), ((j - 1) * p + 1):(j * p)] <- t(blk)',
      '  }',
      '  D <- do.call(rbind, lapply(2:(J - 1), function(j) { m <- matrix(0, p, (J - 1) * p); m[, 1:p] <- diag(p); m[, ((j - 1) * p + 1):(j * p)] <- -diag(p); m }))',
      '  wald <- function(Dk) drop(t(Dk %*% beta) %*% solve(Dk %*% V %*% t(Dk)) %*% (Dk %*% beta))',
      '  omni <- wald(D); each <- sapply(1:p, function(k) wald(D[seq(k, nrow(D), by = p), , drop = FALSE]))',
      '  rbind(Omnibus = c(chisq = omni, df = (J - 2) * p, P = pchisq(omni, (J - 2) * p, lower.tail = FALSE)),',
      '    cbind(chisq = each, df = J - 2, P = pchisq(each, J - 2, lower.tail = FALSE)))',
      '}',
      'X <- model.matrix(update(rhs, ~ .), x)[, -1, drop = FALSE]; bt <- brant_test(x$y, X); rownames(bt)[-1] <- colnames(X); bt',
    ];
  },
  'count-regression': (p) => {
    const off = String(p.offset ?? '');
    const logged = p.offsetType === 'log';
    return [
      'library(MASS)',
      ...modelRows(p, off ? [p.y, off] : [p.y]),
      `x$y <- ${xcol(p.y)}`,
      off ? `x$off <- ${logged ? xcol(off) : `log(${xcol(off)})`}  # 偏移量${logged ? '（该列已是 log(暴露量)）' : ' = log(暴露量)'}` : 'x$off <- 0  # 无偏移量',
      'f <- update(rhs, y ~ . + offset(off))',
      'pf <- glm(f, poisson, x)  # Poisson 回归',
      'nf <- glm.nb(f, x)  # 负二项回归',
      'lr <- 2 * (as.numeric(logLik(nf)) - as.numeric(logLik(pf)))',
      'c(LR = lr, P = pchisq(lr, 1, lower.tail = FALSE) / 2)  # 过度离散的似然比检验（边界校正：P 取一半）',
      'mu <- fitted(pf); aux <- ((x$y - mu)^2 - x$y) / mu; ct <- summary(lm(aux ~ 0 + mu))$coefficients',
      'c(alpha = ct[1, 1], z = ct[1, 3], P = pnorm(ct[1, 3], lower.tail = FALSE))  # Cameron–Trivedi 检验（= AER::dispersiontest(pf, trafo = 2)）',
      'sapply(list(Poisson = pf, NB = nf), function(m) c(logLik = as.numeric(logLik(m)), deviance = deviance(m), AIC = AIC(m), BIC = BIC(m), dispersion = sum(residuals(m, "pearson")^2) / df.residual(m)))',
      `fit <- ${p.model === 'poisson' ? 'pf' : p.model === 'negbin' ? 'nf' : 'if (pchisq(lr, 1, lower.tail = FALSE) / 2 < 0.05) nf else pf  # 按过度离散检验选择'}`,
      `s <- summary(fit)$coefficients; cbind(s, IRR = exp(s[, 1]), exp(confint.default(fit, level = ${level(p)})))`,
      'c(LR = fit$null.deviance - deviance(fit), df = fit$df.null - fit$df.residual, P = pchisq(fit$null.deviance - deviance(fit), fit$df.null - fit$df.residual, lower.tail = FALSE))',
      'if (inherits(fit, "negbin")) c(theta = fit$theta, SE = fit$SE.theta)',
      '# 多分类变量的似然比检验：Poisson 用 drop1(fit, test = "Chisq")；负二项用 anova(去掉该变量的 glm.nb, fit)（θ 重新估计）',
    ];
  },
  'logistic-regression': (p) => {
    const xs = list(p.x);
    const fs = list(p.factors);
    const mode = p.inputMode === 'frequency' ? 'frequency' : p.inputMode === 'grouped' ? 'grouped' : 'case';
    const outcomeCols = mode === 'grouped' ? [p.events, p.trials] : mode === 'frequency' ? [p.y, p.weight] : [p.y];
    const used = [...outcomeCols, ...xs, ...fs].map(q).join(', ');
    const refs = new Map<string, string[]>();
    for (const entry of String(p.reference ?? '').split(/[;；\n]/)) {
      const m = /^(.*?)[=＝:：](.*)$/.exec(entry.trim());
      if (m) refs.set(m[1]!.trim(), m[2]!.split(/[,，、]/).map((v) => v.trim()).filter((v) => v !== ''));
    }
    const sel = String(p.selection ?? 'all');
    const aic = p.criterion === 'aic';
    const ci = p.ciMethod === 'profile' ? 'confint(m, level = L)' : 'confint.default(m, level = L)';
    const cut = num(p.cutoff, 0.5);
    const rhs = 'if (length(v)) paste(sprintf("`%s`", v), collapse = " + ") else "1"';
    // Each format's outcome lines, the model function, and the cases written out (ye: 0/1, pe: fitted
    // probability of each case) for Cox–Snell/Nagelkerke, Hosmer–Lemeshow, the classification table and ROC.
    const outcome =
      mode === 'grouped'
        ? [
            `x$e <- ${xcol(p.events)}; x$t <- ${xcol(p.trials)}  # 事件数、总数`,
            'stopifnot(all(x$e == round(x$e) & x$e >= 0), all(x$t == round(x$t) & x$t >= 1), all(x$e <= x$t))',
            'x$y <- x$e / x$t  # 仅用于共线性诊断',
            `lgt <- function(v) glm(as.formula(paste("cbind(e, t - e) ~", ${rhs})), binomial, x)  # 分组数据`,
          ]
        : [
            ...(String(p.event ?? '').trim() === '' ? R_PICK_POSITIVE : []),
            `ev <- ${rPositive(xcol(p.y), p.event)}  # 代表结局发生的取值`,
            `x$y <- as.integer(trimws(as.character(${xcol(p.y)})) == ev)`,
            ...(mode === 'frequency'
              ? [
                  `x$w <- ${xcol(p.weight)}; stopifnot(all(x$w == round(x$w) & x$w >= 0)); x <- x[x$w > 0, ]  # 频数（非负整数），频数为 0 的行不参与`,
                  `lgt <- function(v) glm(as.formula(paste("y ~", ${rhs})), binomial, x, weights = w)  # 频数加权`,
                ]
              : [`lgt <- function(v) glm(as.formula(paste("y ~", ${rhs})), binomial, x)`]),
          ];
    const cases =
      mode === 'grouped'
        ? 'pr <- fitted(fit); ye <- c(rep(1, sum(x$e)), rep(0, sum(x$t - x$e))); pe <- c(rep(pr, x$e), rep(pr, x$t - x$e))  # 展开为逐例'
        : mode === 'frequency'
          ? 'pr <- fitted(fit); ye <- rep(x$y, x$w); pe <- rep(pr, x$w)  # 展开为逐例'
          : 'pr <- fitted(fit); ye <- x$y; pe <- pr';
    return [
      'library(pROC)',
      `x <- d[complete.cases(d[, c(${used})]), ]  # 列表删除`,
      `for (v in c(${fs.map(q).join(', ')})) x[[v]] <- trimws(as.character(x[[v]]))`,
      ...outcome,
      ...fs.map((f) => `${xcol(f)} <- factor(${xcol(f)}, levels = unique(${orderedLevels((refs.get(f) ?? []).join(','), xcol(f))}))  # 第一个水平为参照`),
      `vars <- c(${[...xs, ...fs].map(q).join(', ')}); L <- ${level(p)}`,
      `or_table <- function(m) { s <- summary(m)$coefficients; cbind(s, Wald = s[, 3]^2, OR = exp(s[, 1]), exp(${ci})) }`,
      '# 单因素：每个变量单独拟合（整体 P 为似然比检验）',
      'uni <- lapply(vars, function(v) { m <- lgt(v); print(or_table(m)); m })',
      'lr_p <- sapply(uni, function(m) anova(lgt(character(0)), m, test = "Chisq")[2, "Pr(>Chi)"]); names(lr_p) <- vars; lr_p',
      ...(sel === 'screen' ? [`vars <- vars[lr_p < ${num(p.screenP, 0.1)}]  # 单因素筛选`] : []),
      ...(sel === 'forward' || sel === 'backward'
        ? aic
          ? [
              sel === 'forward'
                ? 'vars <- attr(terms(step(lgt(character(0)), scope = reformulate(sprintf("`%s`", vars)), direction = "forward")), "term.labels")  # 向前逐步（AIC）'
                : 'vars <- attr(terms(step(lgt(vars), direction = "backward")), "term.labels")  # 向后逐步（AIC）',
              'vars <- gsub("`", "", vars)',
            ]
          : [
              '# 按似然比 P 值的逐步法，同 SPSS 的 Forward/Backward:LR（P < 0.05 引入，P > 0.10 剔除）',
              'step_lr <- function(vars, forward, pin = 0.05, pout = 0.10) {',
              '  cur <- if (forward) character(0) else vars',
              '  repeat {',
              '    m <- lgt(cur)',
              '    if (forward) {',
              '      cand <- setdiff(vars, cur); if (!length(cand)) break',
              '      pv <- sapply(cand, function(v) anova(m, lgt(c(cur, v)), test = "Chisq")[2, "Pr(>Chi)"])',
              '      if (min(pv) >= pin) break; cur <- c(cur, cand[which.min(pv)])',
              '    } else {',
              '      if (!length(cur)) break',
              '      pv <- sapply(cur, function(v) anova(lgt(setdiff(cur, v)), m, test = "Chisq")[2, "Pr(>Chi)"])',
              '      if (max(pv) <= pout) break; cur <- setdiff(cur, cur[which.max(pv)])',
              '    }',
              '    print(pv)',
              '  }',
              '  vars[vars %in% cur]',
              '}',
              `vars <- step_lr(vars, forward = ${sel === 'forward' ? 'TRUE' : 'FALSE'})`,
            ]
        : []),
      'fit <- lgt(vars)',
      'summary(fit); or_table(fit)  # B、SE、Wald、P、OR 及其置信区间',
      'drop1(fit, test = "Chisq")  # 各变量（多分类变量整体）的似然比检验',
      cases,
      'n <- length(ye); lr <- fit$null.deviance - fit$deviance; ll0 <- sum(ye * log(mean(ye)) + (1 - ye) * log(1 - mean(ye)))  # n 为例数；ll0 为逐例数据的零模型对数似然',
      `c(LR = lr, df = fit$df.null - fit$df.residual, P = pchisq(lr, fit$df.null - fit$df.residual, lower.tail = FALSE), m2LL = fit$deviance, AIC = AIC(fit), BIC = ${
        mode === 'grouped' ? 'BIC(fit))  # 分组数据：偏差与 AIC 同 glm(cbind(…))，BIC 按组数' : '-2 * as.numeric(logLik(fit)) + log(n) * length(coef(fit)))  # BIC 按例数'
      }`,
      'cs <- 1 - exp(-lr / n); c(CoxSnell = cs, Nagelkerke = cs / (1 - exp(2 * ll0 / n)))',
      '# Hosmer–Lemeshow（按预测概率十分位数分组，同 ResourceSelection::hoslem.test）',
      'g <- cut(pe, unique(quantile(pe, 0:10 / 10)), include.lowest = TRUE)',
      'o1 <- tapply(ye, g, sum); e1 <- tapply(pe, g, sum); nn <- tapply(pe, g, length)',
      'hl <- sum((o1 - e1)^2 / e1 + ((nn - o1) - (nn - e1))^2 / (nn - e1)); c(HL = hl, df = nlevels(g) - 2, P = pchisq(hl, nlevels(g) - 2, lower.tail = FALSE))',
      `table(观察 = ye, 预测 = as.integer(pe > ${cut}))  # 分类表（例数）`,
      `r <- roc(ye, pe, levels = c(0, 1), direction = "<", quiet = TRUE); ci.auc(r, method = "delong", conf.level = L)`,
      `if (length(vars) > 1) car::vif(lm(reformulate(sprintf("\`%s\`", vars), response = "y"), x${mode === 'grouped' ? ', weights = t' : mode === 'frequency' ? ', weights = w' : ''}))  # 自变量间的（广义）方差膨胀因子`,
    ];
  },
  mcnemar: (p) => {
    const given = String(p.order ?? '').trim() !== '';
    return [
      `x <- d[!is.na(${col(p.x1)}) & !is.na(${col(p.x2)}) & trimws(${col(p.x1)}) != "" & trimws(${col(p.x2)}) != "", ]  # 列表删除`,
      `a1 <- trimws(as.character(${xcol(p.x1)})); a2 <- trimws(as.character(${xcol(p.x2)}))`,
      ...(given ? [] : R_PICK_POSITIVE),
      given
        ? `lv <- unique(${orderedLevels(p.order, 'c(a1, a2)')})  # 指定的类别顺序`
        : 'lv <- unique(c(a1, a2)); if (length(lv) == 2) lv <- c(pick_positive(lv), setdiff(lv, pick_positive(lv)))  # 二分类：阳性类别在前',
      'tab <- table(factor(a1, lv), factor(a2, lv)); tab',
      'mcnemar.test(tab)  # 2×2：连续性校正；k×k：Bowker 对称性检验（有成对的空格子时 R 给出 NaN）',
      'if (length(lv) == 2) {',
      '  b <- tab[1, 2]; c <- tab[2, 1]; n <- sum(tab)',
      '  print(mcnemar.test(tab, correct = FALSE))',
      `  e <- binom.test(b, b + c, 0.5, conf.level = ${level(p)}); print(e)  # 精确检验`,
      '  print(c(OR = b / c, e$conf.int / (1 - e$conf.int)))  # 不一致对子的比值比及精确 CI',
      `  print(c(diff = (b - c) / n, (b - c) / n + c(-1, 1) * qnorm(1 - (1 - ${level(p)}) / 2) * sqrt(b + c - (b - c)^2 / n) / n))  # 比例之差及 Wald CI`,
      '}',
    ];
  },
  cmh: (p) => {
    const auto = String(p.exposureLevel ?? '').trim() === '' || String(p.outcomeLevel ?? '').trim() === '';
    const used = [p.exposure, p.outcome, p.stratum].map(q).join(', ');
    return [
      ...(auto ? R_PICK_POSITIVE : []),
      `x <- d[complete.cases(d[, c(${used})]), ]  # 列表删除`,
      `e <- trimws(as.character(${xcol(p.exposure)})); o <- trimws(as.character(${xcol(p.outcome)}))`,
      `pe <- ${rPositive('e', p.exposureLevel)}; po <- ${rPositive('o', p.outcomeLevel)}`,
      `s <- factor(${xcol(p.stratum)}, levels = unique(${orderedLevels(p.stratumOrder, xcol(p.stratum))}))`,
      `tab <- table(暴露 = factor(e == pe, c(TRUE, FALSE), c(pe, "非暴露")), 结局 = factor(o == po, c(TRUE, FALSE), c(po, "非结局")), 层 = s); tab`,
      `mh <- mantelhaen.test(tab, correct = ${p.correct === 'no' ? 'FALSE' : 'TRUE'}, conf.level = ${level(p)}); mh  # CMH 卡方、MH 合并 OR 及 CI`,
      `mantelhaen.test(tab, correct = ${p.correct === 'no' ? 'TRUE' : 'FALSE'})$statistic`,
      `woolf <- function(m) { if (any(m == 0)) m <- m + 0.5; or <- m[1, 1] * m[2, 2] / (m[1, 2] * m[2, 1]); se <- sqrt(sum(1 / m)); or * exp(c(0, -1, 1) * qnorm(1 - (1 - ${level(p)}) / 2) * se) }`,
      'apply(tab, 3, woolf)  # 各层 OR 及 Woolf CI',
      'woolf(margin.table(tab, 1:2))  # 粗 OR',
      '# Breslow–Day 齐性检验（Tarone 校正），同 DescTools::BreslowDayTest',
      'psi <- mh$estimate; a <- A <- V <- numeric(0)',
      'for (k in seq_len(dim(tab)[3])) {',
      '  m <- tab[, , k]; r1 <- sum(m[1, ]); c1 <- sum(m[, 1]); n <- sum(m)',
      '  if (r1 == 0 || c1 == 0 || r1 == n || c1 == n) next',
      '  Ak <- uniroot(function(A) A * (n - r1 - c1 + A) - psi * (r1 - A) * (c1 - A), c(max(0, r1 + c1 - n), min(r1, c1)), tol = 1e-12)$root',
      '  a <- c(a, m[1, 1]); A <- c(A, Ak); V <- c(V, 1 / (1 / Ak + 1 / (r1 - Ak) + 1 / (c1 - Ak) + 1 / (n - r1 - c1 + Ak)))',
      '}',
      'bd <- sum((a - A)^2 / V); tarone <- bd - (sum(a) - sum(A))^2 / sum(V); df <- length(a) - 1',
      'c(BD = bd, Tarone = tarone, df = df, p_BD = pchisq(bd, df, lower.tail = FALSE), p_Tarone = pchisq(tarone, df, lower.tail = FALSE))',
    ];
  },
  'trend-chisq': (p) => {
    const hasScore = String(p.score ?? '') !== '';
    const used = [p.group, p.outcome, ...(hasScore ? [p.score] : [])].map(q).join(', ');
    return [
      ...(String(p.positive ?? '').trim() === '' ? R_PICK_POSITIVE : []),
      `x <- d[complete.cases(d[, c(${used})]), ]  # 列表删除`,
      `y <- trimws(as.character(${xcol(p.outcome)})); pos <- ${rPositive('y', p.positive)}  # 结局阳性的取值`,
      hasScore
        ? `g <- factor(${xcol(p.group)}); sc <- tapply(${xcol(p.score)}, g, unique); g <- factor(g, levels = names(sort(sc))); score <- as.numeric(sort(sc))  # 评分取自评分列`
        : `g <- factor(${xcol(p.group)}, levels = unique(${orderedLevels(p.groupOrder, xcol(p.group))})); score <- seq_len(nlevels(g))  # 等距评分`,
      'events <- tapply(y == pos, g, sum); totals <- as.vector(table(g))',
      'data.frame(组 = levels(g), 评分 = score, 例数 = totals, 事件 = as.vector(events), 发生率 = as.vector(events) / totals)',
      'tt <- prop.trend.test(events, totals, score); tt',
      'slope <- coef(lm(I(events / totals) ~ score, weights = totals))[2]; c(Z = sign(slope) * sqrt(unname(tt$statistic)), slope = unname(slope))',
      'pt <- prop.test(events, totals, correct = FALSE); pt  # 总体差异（2×k Pearson 卡方）',
      'dep <- unname(pt$statistic - tt$statistic); c(departure = dep, df = length(totals) - 2, p = pchisq(dep, length(totals) - 2, lower.tail = FALSE))  # 偏离线性趋势',
    ];
  },
  'meta-binary': (p) => {
    const m = ['OR', 'RD'].includes(String(p.measure)) ? String(p.measure) : 'RR';
    const fm = p.fixedMethod === 'IV' ? 'IV' : p.fixedMethod === 'Peto' ? 'Peto' : 'MH';
    const args = 'ai = a[i], n1i = n1[i], ci = c2[i], n2i = n2[i]';
    const fx =
      fm === 'MH'
        ? `rma.mh(${args}, measure = ${q(m)}, slab = st[i], drop00 = ${m === 'RD' ? 'FALSE' : 'TRUE'}, level = 100 * L)  # Mantel–Haenszel`
        : fm === 'Peto'
          ? `rma.peto(${args}, slab = st[i], level = 100 * L)  # Peto 法`
          : 'rma(yi, vi, data = dat[i, ], method = "FE", level = 100 * L)  # 逆方差法';
    return [
      'library(metafor)',
      ...metaRows(p, [p.e1, p.n1, p.e2, p.n2]),
      `a <- ${xcol(p.e1)}; n1 <- ${xcol(p.n1)}; c2 <- ${xcol(p.e2)}; n2 <- ${xcol(p.n2)}`,
      ...(m === 'RD'
        ? []
        : ['drop <- (a == 0 & c2 == 0) | (a == n1 & c2 == n2)  # 两组均无事件（或均全部发生）的研究不提供信息（drop00）', 'x <- x[!drop, ]; st <- st[!drop]; a <- a[!drop]; n1 <- n1[!drop]; c2 <- c2[!drop]; n2 <- n2[!drop]']),
      `dat <- escalc(${q(m)}, ai = a, n1i = n1, ci = c2, n2i = n2, slab = st)  # 有零格的研究各格加 0.5（metafor 默认）`,
      `fx <- function(i) ${fx}`,
      ...metaModels(p, m === 'RD' ? '' : ', transf = exp'),
    ];
  },
  'meta-continuous': (p) => {
    const m = p.measure === 'SMD' ? 'SMD' : 'MD';
    return [
      'library(metafor)',
      ...metaRows(p, [p.m1, p.sd1, p.n1, p.m2, p.sd2, p.n2]),
      `dat <- escalc(${q(m)}, m1i = ${xcol(p.m1)}, sd1i = ${xcol(p.sd1)}, n1i = ${xcol(p.n1)}, m2i = ${xcol(p.m2)}, sd2i = ${xcol(p.sd2)}, n2i = ${xcol(p.n2)}, slab = st)`,
      'fx <- function(i) rma(yi, vi, data = dat[i, ], method = "FE", level = 100 * L)  # 逆方差法',
      ...metaModels(p, ''),
    ];
  },
};

/** Meta-analysis: the analysed studies (listwise deletion) and their names. */
function metaRows(p: Params, cols: unknown[]): string[] {
  const sg = String(p.subgroup ?? '') !== '';
  const used = [p.study, ...cols, ...(sg ? [p.subgroup] : [])].map(q).join(', ');
  return [
    `L <- ${level(p)}`,
    `x <- d[complete.cases(d[, c(${used})]) & trimws(as.character(${col(p.study)})) != "", ]  # 列表删除`,
    `st <- as.character(${xcol(p.study)})`,
  ];
}

/** Meta-analysis: fixed and random fits, heterogeneity, forest and funnel plots, Egger, subgroups, leave-one-out. */
function metaModels(p: Params, transf: string): string[] {
  const tau = p.tau2Method === 'DL' ? 'DL' : 'REML';
  const random = p.model !== 'fixed';
  const sg = String(p.subgroup ?? '') !== '';
  return [
    `rx <- function(i) rma(yi, vi, data = dat[i, ], method = ${q(tau)}, level = 100 * L)`,
    `main <- function(i) ${random ? 'if (sum(i) > 1) rx(i) else fx(i)' : 'fx(i)'}  # 主要报告的模型`,
    'all <- rep(TRUE, nrow(dat)); fe <- fx(all); re <- rx(all)',
    'fe; re  # 固定与随机效应：合并效应、z 检验、Q、I²、H²、τ²',
    `confint(re)  # τ²、I²、H² 的 Q-profile 置信区间`,
    `predict(re${transf})  # 合并效应及预测区间`,
    `forest(main(all)${transf ? ', atransf = exp' : ''}, showweights = TRUE); funnel(re)`,
    'regtest(re, model = "lm")  # Egger 检验',
    `leave1out(main(all)${transf})  # 逐一剔除分析`,
    ...(sg
      ? [
          `g <- factor(${xcol(p.subgroup)}, levels = unique(${orderedLevels(p.subgroupOrder, xcol(p.subgroup))}))`,
          'fits <- lapply(levels(g), function(l) main(g == l)); names(fits) <- levels(g)',
          `t(sapply(fits, function(f) c(k = f$k, est = f$beta[1], lower = f$ci.lb, upper = f$ci.ub, p = f$pval)))  # 各亚组合并效应${transf ? '（对数尺度）' : ''}`,
          'rma(sapply(fits, function(f) f$beta[1]), sei = sapply(fits, function(f) f$se), method = "FE")  # 亚组间差异检验（Q）',
        ]
      : []),
  ];
}

/** The script for a tool run, or null for a tool without one. */
export function rScript(toolKey: string, params: Params, file: RSourceFile | string): string | null {
  const body = SCRIPTS[toolKey];
  if (!body) return null;
  return [`# 在 R 中复现本报告的主要结果（文件需在 R 的工作目录中）`, ...rRead(file), ...body(params)].join('\n');
}

export const R_SCRIPT_TOOLS = Object.keys(SCRIPTS);
