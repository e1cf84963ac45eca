// 可复现R代码: for every tool, the R script that recomputes its headline numbers from the user's
// file and parameters, so a reviewer can check any result in R. Strings are JSON-quoted (valid R).
import { R_PICK_POSITIVE, rPositive } from './binary-outcome.js';
import type { Params } from './tool.js';

const q = (s: unknown) => JSON.stringify(String(s ?? ''));
const col = (name: unknown) => `d[[${q(name)}]]`;
/** A column of `x`, the analysed rows (after listwise deletion). */
const xcol = (name: unknown) => `x[[${q(name)}]]`;
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
        ? [`d <- d[!is.na(${col(p.group)}), ]  # 分组缺失者不纳入`, `g <- factor(${col(p.group)}, levels = unique(${col(p.group)}))  # 组按首次出现的顺序`]
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
      `plot(fit, conf.int = TRUE, mark.time = TRUE${grouped ? ', col = seq_along(levels(x$group))' : ''}, xlab = ${q(p.time)}, ylab = "生存率")`,
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
};

/** The script for a tool run, or null for a tool without one. */
export function rScript(toolKey: string, params: Params, file: RSourceFile | string): string | null {
  const body = SCRIPTS[toolKey];
  if (!body) return null;
  return [`# 在 R 中复现本报告的主要结果（文件需在 R 的工作目录中）`, ...rRead(file), ...body(params)].join('\n');
}

export const R_SCRIPT_TOOLS = Object.keys(SCRIPTS);
