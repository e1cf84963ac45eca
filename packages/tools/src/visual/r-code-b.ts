// R scripts (可复现R代码) of the visual tools in group B, under their tool keys: the lines that
// draw the same figure and compute its numbers from the user's file `d`.
import { col, level, num, q, yg } from '../r-code-helpers.js';
import type { Params } from '../tool.js';

const binsArg = (p: Params) => (p.bins === 'fd' ? '"FD"' : p.bins === 'count' ? `seq(min(x$v), max(x$v), length.out = ${num(p.binCount, 10) + 1})` : '"Sturges"');

/** `x` with value `v` (and group `g` when chosen), complete rows only. */
const vg = (p: Params, v: unknown = p.x): string[] => [
  `x <- data.frame(v = ${col(v)}${p.group ? `, g = ${col(p.group)}` : ''})`,
  `x <- x[complete.cases(x)${p.group ? ' & x$g != ""' : ''}, , drop = FALSE]`,
];

/** Levels in the user's order first, then by first appearance (as the tools order them). */
const lv = (given: unknown, v: string): string => {
  const g = String(given ?? '').split(/[,，;；]/).map((x) => x.trim()).filter((x) => x !== '');
  return `unique(c(${g.length > 0 ? `${g.map(q).join(', ')}, ` : ''}${v}))`;
};

export const VISUAL_R_B: Record<string, (p: Params) => string[]> = {
  histogram: (p) => [
    ...vg(p),
    `h <- hist(x$v, breaks = ${binsArg(p)}, main = "", xlab = ${q(p.x)}, ylab = "频数")`,
    ...(p.group
      ? ['for (l in sort(unique(x$g))) print(hist(x$v[x$g == l], breaks = h$breaks, plot = FALSE)[c("breaks", "counts")])', 'tapply(x$v, x$g, bw.nrd0)']
      : ['h[c("breaks", "counts")]', 'bw.nrd0(x$v)']),
    p.overlay === 'normal'
      ? `curve(dnorm(x, mean(x$v), sd(x$v)) * nrow(x) * diff(h$breaks)[1], add = TRUE)${p.group ? '  # 分组时请按组分别计算' : ''}`
      : p.overlay === 'none'
        ? '# 不叠加曲线'
        : `lines(density(x$v, bw = "nrd0")$x, density(x$v, bw = "nrd0")$y * nrow(x) * diff(h$breaks)[1])${p.group ? '  # 分组时请按组分别计算' : ''}`,
    `# ggplot2: ggplot(x, aes(v${p.group ? ', fill = g' : ''})) + geom_histogram(breaks = h$breaks, alpha = 0.5, position = "identity")`,
  ],
  density: (p) => [
    ...vg(p),
    ...(p.group
      ? [
          `ds <- lapply(split(x$v, x$g), density, bw = "nrd0", adjust = ${num(p.adjust, 1)})`,
          'sapply(ds, function(k) k$bw)  # 各组带宽',
          `plot(NULL, xlim = range(sapply(ds, function(k) range(k$x))), ylim = c(0, max(sapply(ds, function(k) max(k$y)))), xlab = ${q(p.x)}, ylab = "密度")`,
          'for (i in seq_along(ds)) lines(ds[[i]], col = i)',
          'legend("topright", names(ds), col = seq_along(ds), lty = 1)',
        ]
      : [`k <- density(x$v, bw = "nrd0", adjust = ${num(p.adjust, 1)}); k$bw`, `plot(k, main = "", xlab = ${q(p.x)}, ylab = "密度")`]),
    ...(p.rug !== false ? ['rug(x$v)'] : []),
    `# ggplot2: ggplot(x, aes(v${p.group ? ', colour = g, fill = g' : ''})) + geom_density(adjust = ${num(p.adjust, 1)}, alpha = 0.2)${p.rug !== false ? ' + geom_rug()' : ''}`,
  ],
  ridgeline: (p) => [
    ...vg(p, p.y),
    `sapply(split(x$v, x$g), function(v) c(n = length(v), median = median(v), bw = bw.nrd0(v) * ${num(p.adjust, 1)}))`,
    `# ggridges: ggplot(x, aes(v, g)) + ggridges::geom_density_ridges(bandwidth = NULL, scale = ${num(p.overlap, 1.5)})`,
    `ds <- lapply(split(x$v, x$g), density, bw = "nrd0", adjust = ${num(p.adjust, 1)}); top <- max(sapply(ds, function(k) max(k$y)))`,
    `plot(NULL, xlim = range(sapply(ds, function(k) range(k$x))), ylim = c(0.5, length(ds) + ${num(p.overlap, 1.5)}), yaxt = "n", xlab = ${q(p.y)}, ylab = "")`,
    `for (i in rev(seq_along(ds))) polygon(ds[[i]]$x, i - 0.4 + ds[[i]]$y / top * ${num(p.overlap, 1.5)}, col = adjustcolor(i, 0.6))`,
    'axis(2, seq_along(ds), names(ds), las = 1)',
  ],
  'bar-means': (p) => [
    yg(p),
    'x <- droplevels(x[complete.cases(x) & x$g != "", ])',
    `s <- do.call(rbind, lapply(split(x$y, x$g), function(v) c(n = length(v), mean = mean(v), sd = sd(v), se = sd(v) / sqrt(length(v)), t.test(v, conf.level = ${level(p)})$conf.int)))`,
    's',
    `e <- s[, ${p.error === 'se' ? '"se"' : p.error === 'ci' ? '"mean"] - s[, 5' : '"sd"'}]  # 误差线半宽`,
    'b <- barplot(s[, "mean"], ylim = c(0, max(s[, "mean"] + e) * 1.2), ylab = ' + q(p.y) + ')',
    'arrows(b, s[, "mean"] - e, b, s[, "mean"] + e, angle = 90, code = 3, length = 0.05)',
    ...(p.marks === 'none'
      ? []
      : p.marks === 'nonparametric'
        ? ['if (nlevels(x$g) == 2) wilcox.test(y ~ g, x) else { print(kruskal.test(y ~ g, x)); dunn.test::dunn.test(x$y, x$g, method = "holm") }']
        : ['if (nlevels(x$g) == 2) t.test(y ~ g, x) else { print(anova(lm(y ~ g, x))); TukeyHSD(aov(y ~ g, x)) }']),
  ],
  violin: (p) => [
    ...vg(p, p.y),
    'sapply(split(x$v, x$g), function(v) c(quantile(v), mean = mean(v), sd = sd(v), bw = bw.nrd0(v)))',
    `library(ggplot2); ggplot(x, aes(g, v, fill = g)) + geom_violin(trim = TRUE, scale = "area")${p.box !== false ? ' + geom_boxplot(width = 0.08, fill = "black", outlier.shape = NA) + stat_summary(fun = median, geom = "point", colour = "white")' : ''}${p.points === true ? ' + geom_jitter(width = 0.12, size = 1)' : ''} + labs(x = ${q(p.group)}, y = ${q(p.y)})`,
  ],
  'bar-grouped': (p) => [
    `x <- data.frame(a = trimws(${col(p.x)}), b = trimws(${col(p.fill)}))`,
    'x <- x[!is.na(x$a) & !is.na(x$b) & x$a != "" & x$b != "", ]',
    `tab <- table(factor(x$a, levels = ${lv(p.xOrder, 'x$a')}), factor(x$b, levels = ${lv(p.fillOrder, 'x$b')}), dnn = c(${q(p.x)}, ${q(p.fill)}))`,
    'tab; round(100 * prop.table(tab, 1), 1)  # 频数与行百分比',
    'ct <- chisq.test(tab); ct; min(ct$expected)',
    'sqrt(suppressWarnings(chisq.test(tab, correct = FALSE))$statistic / (sum(tab) * (min(dim(tab)) - 1)))  # Cramér V',
    `barplot(t(${p.scale === 'count' ? 'tab' : '100 * prop.table(tab, 1)'}), beside = ${p.layout === 'grouped' ? 'TRUE' : 'FALSE'}, legend.text = TRUE, xlab = ${q(p.x)}, ylab = ${q(p.scale === 'count' ? '频数' : '构成比（%）')})`,
    `# ggplot2: ggplot(setNames(as.data.frame(${p.scale === 'count' ? 'tab' : '100 * prop.table(tab, 1)'}), c("a", "b", "n")), aes(a, n, fill = b)) + geom_col(position = ${q(p.layout === 'grouped' ? 'dodge' : 'stack')})`,
  ],
  'line-errorbar': (p) => [
    `x <- data.frame(t = ${col(p.time)}, y = ${col(p.y)}, g = ${p.group ? col(p.group) : q(p.y)})`,
    'x <- x[complete.cases(x) & x$g != "" & x$t != "", ]',
    'tl <- unique(x$t); if (is.numeric(tl)) tl <- sort(tl); x$t <- factor(x$t, levels = tl)  # 时间点为数字时按大小排序',
    `s <- aggregate(y ~ g + t, x, function(v) c(n = length(v), mean = mean(v), sd = sd(v), se = sd(v) / sqrt(length(v)), ci = if (length(v) > 1) t.test(v, conf.level = ${level(p)})$conf.int else c(NA, NA)))`,
    's <- do.call(data.frame, s); names(s) <- c("g", "t", "n", "mean", "sd", "se", "lwr", "upr")',
    's  # 每个时间点与组的例数、均数、标准差、标准误与置信区间',
    `s$lo <- ${p.error === 'se' ? 's$mean - s$se' : p.error === 'ci' ? 's$lwr' : 's$mean - s$sd'}; s$hi <- ${p.error === 'se' ? 's$mean + s$se' : p.error === 'ci' ? 's$upr' : 's$mean + s$sd'}`,
    `library(ggplot2); ggplot(s, aes(t, mean, colour = g, group = g)) + geom_line(position = position_dodge(0.16)) + geom_point(position = position_dodge(0.16)) + geom_errorbar(aes(ymin = lo, ymax = hi), width = 0.15, position = position_dodge(0.16)) + labs(x = ${q(p.time)}, y = ${q(p.y)}, colour = ${q(p.group)})`,
  ],
  pie: (p) => [
    `v <- trimws(${col(p.x)}); v <- v[!is.na(v) & v != ""]`,
    `tab <- ${p.sort === 'data' ? 'table(factor(v, levels = unique(v)))' : 'sort(table(factor(v, levels = unique(v))), decreasing = TRUE)'}`,
    `ci <- t(sapply(tab, function(k) binom.test(k, length(v), conf.level = ${level(p)})$conf.int))`,
    'data.frame(n = as.vector(tab), percent = as.vector(100 * tab / length(v)), lower = 100 * ci[, 1], upper = 100 * ci[, 2], row.names = names(tab))',
    `pie(tab, labels = paste0(names(tab), "\\n", tab, "（", sprintf("%.1f", 100 * tab / length(v)), "%）"), clockwise = TRUE, init.angle = 90)`,
    `# ggplot2: ggplot(as.data.frame(tab), aes(x = ${p.donut === true ? '2' : '""'}, y = Freq, fill = Var1)) + geom_col(width = 1, colour = "white") + coord_polar("y", direction = -1)${p.donut === true ? ' + xlim(0.5, 2.5)' : ''} + theme_void()`,
  ],
  'qq-pp': (p) => [
    ...vg(p),
    'qq_one <- function(v, level) {',
    '  v <- sort(v); n <- length(v); P <- ppoints(n); z <- qnorm(P)',
    '  y <- quantile(v, c(0.25, 0.75)); q <- qnorm(c(0.25, 0.75)); slope <- diff(y) / diff(q); int <- y[1] - slope * q[1]  # qqline',
    '  se <- slope / dnorm(z) * sqrt(P * (1 - P) / n); zz <- qnorm(1 - (1 - level) / 2)  # car::qqPlot 的逐点置信带',
    '  lo <- int + slope * z - zz * se; hi <- int + slope * z + zz * se',
    '  list(n = n, mean = mean(v), sd = sd(v), intercept = unname(int), slope = unname(slope), outside = sum(v < lo | v > hi),',
    '       shapiro = if (n >= 3 && n <= 5000) shapiro.test(v) else NULL, z = z, v = v, lo = lo, hi = hi, P = P, fitted = pnorm(v, mean(v), sd(v)))',
    '}',
    `r <- ${p.group ? `lapply(split(x$v, x$g), qq_one, level = ${level(p)})` : `list(${q(p.x)} = qq_one(x$v, ${level(p)}))`}`,
    'sapply(r, function(k) c(n = k$n, mean = k$mean, sd = k$sd, intercept = k$intercept, slope = k$slope, outside = k$outside, W = unname(k$shapiro$statistic), p = k$shapiro$p.value))',
    ...(p.plot !== 'pp'
      ? [
          `for (k in names(r)) { with(r[[k]], { plot(z, v, main = k, xlab = "理论分位数（标准正态）", ylab = ${q(p.x)}); abline(intercept, slope)${p.band !== false ? '; lines(z, lo, lty = 2); lines(z, hi, lty = 2)' : ''} }) }`,
          '# car::qqPlot(x$v) 画出同样的参考线与置信带',
        ]
      : []),
    ...(p.plot !== 'qq' ? ['for (k in names(r)) with(r[[k]], { plot(fitted, P, xlim = c(0, 1), ylim = c(0, 1), main = k, xlab = "理论累积概率", ylab = "经验累积概率"); abline(0, 1) })'] : []),
  ],
  'dot-errorbar': (p) => [
    yg(p),
    'x <- droplevels(x[complete.cases(x) & x$g != "", ])',
    p.center === 'median'
      ? `est <- function(v, level = ${level(p)}) { v <- sort(v); n <- length(v); k <- qbinom((1 - level) / 2, n, 0.5); c(n = n, est = median(v), lower = if (k >= 1) v[k] else NA, upper = if (k >= 1) v[n - k + 1] else NA, coverage = 1 - 2 * pbinom(k - 1, n, 0.5)) }`
      : `est <- function(v, level = ${level(p)}) { ci <- if (length(v) > 1) t.test(v, conf.level = level)$conf.int else c(NA, NA); c(n = length(v), est = mean(v), lower = ci[1], upper = ci[2]) }`,
    's <- as.data.frame(t(sapply(split(x$y, x$g), est))); s$g <- rownames(s)',
    ...(p.order === 'value' ? ['s <- s[order(-s$est), ]'] : []),
    'rbind(s, 全部 = c(est(x$y), g = "全部"))',
    `library(ggplot2); ggplot(s, aes(${p.horizontal !== false ? 'est, factor(g, rev(g))' : 'factor(g, g), est'})) + geom_pointrange(aes(${p.horizontal !== false ? 'xmin = lower, xmax = upper' : 'ymin = lower, ymax = upper'}))${p.overall !== false ? ` + geom_${p.horizontal !== false ? 'v' : 'h'}line(${p.horizontal !== false ? 'x' : 'y'}intercept = est(x$y)[["est"]], linetype = 2)` : ''} + labs(${p.horizontal !== false ? 'x' : 'y'} = ${q(p.y)}, ${p.horizontal !== false ? 'y' : 'x'} = ${q(p.group)})`,
  ],
};
