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
};
