// R scripts (可复现R代码) of the visual tools in group C, under their tool keys: the lines that
// draw the same figure and compute its numbers from the user's file `d`.
import { col, list, q } from '../r-code-helpers.js';
import type { Params } from '../tool.js';

const cols = (p: Params) => `c(${list(p.vars).map(q).join(', ')})`;

export const VISUAL_R_C: Record<string, (p: Params) => string[]> = {
  heatmap: (p) => {
    const link = q(p.linkage === 'average' ? 'average' : 'complete');
    const scale = p.scale === 'column' ? 'column' : p.scale === 'none' ? 'none' : 'row';
    return [
      `m <- as.matrix(d[, ${cols(p)}])`,
      ...(String(p.label ?? '') ? [`rownames(m) <- make.unique(as.character(${col(p.label)}))`] : []),
      'm <- m[complete.cases(m), , drop = FALSE]  # 含缺失值的行不绘制',
      scale === 'row' ? 'm <- m[apply(m, 1, sd) > 0, , drop = FALSE]; z <- t(scale(t(m)))  # 按行 z-score' : scale === 'column' ? 'z <- scale(m)  # 按列 z-score' : 'z <- m',
      ...(p.clusterRows !== false ? [`hc_row <- hclust(dist(z), method = ${link}); hc_row$merge; hc_row$height; rownames(z)[hc_row$order]`] : []),
      ...(p.clusterCols !== false ? [`hc_col <- hclust(dist(t(z)), method = ${link}); hc_col$merge; hc_col$height; colnames(z)[hc_col$order]`] : []),
      `# pheatmap::pheatmap(m, scale = ${q(scale)}, cluster_rows = ${p.clusterRows !== false ? 'TRUE' : 'FALSE'}, cluster_cols = ${p.clusterCols !== false ? 'TRUE' : 'FALSE'}, clustering_method = ${link})`,
      `heatmap(z, Rowv = ${p.clusterRows !== false ? 'as.dendrogram(hc_row)' : 'NA'}, Colv = ${p.clusterCols !== false ? 'as.dendrogram(hc_col)' : 'NA'}, scale = "none", col = hcl.colors(50, "Blue-Red 3"))`,
    ];
  },
  'correlation-heatmap': (p) => {
    const method = q(p.method === 'spearman' ? 'spearman' : 'pearson');
    return [
      `x <- d[, ${cols(p)}]`,
      `r <- cor(x, use = "pairwise.complete.obs", method = ${method}); round(r, 3)`,
      `pm <- outer(seq_along(x), seq_along(x), Vectorize(function(i, j) if (i == j) 0 else cor.test(x[[i]], x[[j]], method = ${method}, exact = FALSE)$p.value)); round(pm, 4)`,
      ...(p.order === 'original' ? [] : [`hc <- hclust(as.dist(1 - r), method = ${q(p.linkage === 'average' ? 'average' : 'complete')}); colnames(r)[hc$order]  # 聚类排序`]),
      `# corrplot::corrplot(r, p.mat = pm, sig.level = c(0.001, 0.01, 0.05), insig = "label_sig", type = ${q(p.triangle === 'upper' ? 'upper' : p.triangle === 'full' ? 'full' : 'lower')}${p.order === 'original' ? '' : ', order = "hclust"'})`,
      'heatmap(r, symm = TRUE, col = hcl.colors(50, "Blue-Red 3"), zlim = c(-1, 1))',
    ];
  },
  volcano: (p) => {
    const fc = typeof p.fcCut === 'number' ? p.fcCut : 1;
    const a = typeof p.pCut === 'number' ? p.pCut : 0.05;
    const n = typeof p.topN === 'number' ? p.topN : 10;
    return [
      `x <- data.frame(fc = ${col(p.fc)}, p = ${col(p.p)}${String(p.label ?? '') ? `, name = ${col(p.label)}` : ''})`,
      'x <- x[complete.cases(x[, c("fc", "p")]), ]',
      `x$class <- ifelse(x$p < ${a} & x$fc >= ${fc} & x$fc != 0, "上调", ifelse(x$p < ${a} & x$fc <= -${fc} & x$fc != 0, "下调", "无差异"))`,
      'table(x$class)',
      `s <- x[x$class != "无差异", ]; head(s[order(s$p, -abs(s$fc)), ], ${n})  # 最显著的基因`,
      `plot(x$fc, -log10(x$p), pch = 20, col = c(上调 = "#D6604D", 下调 = "#4393C3", 无差异 = "grey")[x$class], xlab = "log2FC", ylab = "-log10(P)")`,
      `abline(v = c(-${fc}, ${fc}), h = -log10(${a}), lty = 2)`,
    ];
  },
  'venn-upset': (p) => {
    const v = list(p.vars);
    return p.mode === 'lists'
      ? [
          `sets <- lapply(d[, ${cols(p)}], function(x) unique(trimws(x[!is.na(x) & trimws(x) != ""])))`,
          'u <- unique(unlist(sets)); m <- sapply(sets, function(s) as.integer(u %in% s))',
          'key <- apply(m, 1, function(r) paste(colnames(m)[r == 1], collapse = "&")); sort(table(key), decreasing = TRUE)  # 各互斥区域的个数',
          'colSums(m); length(u)  # 集合大小与并集',
          '# UpSetR::upset(UpSetR::fromList(sets), order.by = "freq")',
        ]
      : [
          `x <- d[, ${cols(p)}]; x <- x[complete.cases(x), ]  # 所选列有缺失值的行不计`,
          'm <- sapply(x, function(c) as.integer(tolower(trimws(c)) %in% c("1", "是", "有", "yes", "y", "true", "阳性", "+")))',
          'key <- apply(m, 1, function(r) paste(colnames(m)[r == 1], collapse = "&")); key <- key[key != ""]',
          'sort(table(key), decreasing = TRUE)  # 各互斥区域的个数',
          'colSums(m); length(key)  # 集合大小与并集',
          `# UpSetR::upset(data.frame(m), sets = c(${v.map(q).join(', ')}), order.by = "freq")`,
        ];
  },
  radar: (p) => {
    const v = list(p.vars);
    const g = String(p.group ?? '');
    const scale = p.scale === 'range' ? 'range' : p.scale === 'z' ? 'z' : 'none';
    return [
      `v <- c(${v.map(q).join(', ')})`,
      `x <- d[complete.cases(d[, c(v${g ? `, ${q(g)}` : ''})]), ]`,
      `g <- ${g ? `x[[${q(g)}]]` : 'rep("全部", nrow(x))'}`,
      'aggregate(x[v], list(组别 = g), function(c) sprintf("%.2f ± %.2f", mean(c), sd(c)))',
      scale === 'range' ? 's <- as.data.frame(lapply(x[v], function(c) (c - min(c)) / (max(c) - min(c))))  # 按极差缩放' : scale === 'z' ? 's <- as.data.frame(scale(x[v]))  # z-score' : 's <- x[v]',
      'm <- aggregate(s, list(组别 = g), mean); m',
      `# fmsb::radarchart(rbind(max = ${scale === 'range' ? '1' : 'max(m[-1])'}, min = ${scale === 'range' ? '0' : scale === 'z' ? '-max(abs(m[-1]))' : '0'}, m[-1]))`,
      'matplot(t(as.matrix(m[-1])), type = "b", pch = 19, lty = 1, xaxt = "n", xlab = "", ylab = "均值"); axis(1, seq_along(v), v)  # 各组轮廓（雷达图见上一行 fmsb）',
    ];
  },
  bubble: (p) => {
    const g = String(p.group ?? '');
    const l = String(p.label ?? '');
    const max = typeof p.maxSize === 'number' ? p.maxSize : 40;
    return [
      `x <- data.frame(a = ${col(p.x)}, b = ${col(p.y)}, s = ${col(p.size)}${g ? `, g = ${col(p.group)}` : ''}${l ? `, name = ${col(p.label)}` : ''})`,
      `x <- x[complete.cases(x[, c("a", "b", "s"${g ? ', "g"' : ''})]), ]`,
      'cor.test(x$a, x$b)',
      ...(g ? ['aggregate(cbind(a, b, s) ~ g, x, mean)'] : ['colMeans(x[, c("a", "b", "s")])']),
      `x$diameter <- pmax(2, ${max} * sqrt(x$s / max(x$s)))  # 面积与大小变量成正比`,
      `plot(x$a, x$b, cex = x$diameter / 10, pch = 21, bg = ${g ? 'adjustcolor(as.integer(factor(x$g)) + 1, 0.6)' : '"#56B4E980"'}, xlab = ${q(p.x)}, ylab = ${q(p.y)})`,
      `# ggplot2::ggplot(x, ggplot2::aes(a, b, size = s${g ? ', colour = g' : ''})) + ggplot2::geom_point(alpha = 0.6) + ggplot2::scale_size_area(max_size = ${max / 2})`,
    ];
  },
  'scatter-matrix': (p) => {
    const g = String(p.group ?? '');
    const method = q(p.method === 'spearman' ? 'spearman' : 'pearson');
    return [
      `v <- c(${list(p.vars).map(q).join(', ')}); x <- d[, v]`,
      'lapply(x, function(c) { h <- hist(c, plot = FALSE); list(breaks = h$breaks, counts = h$counts) })  # 对角线直方图',
      `for (i in 1:(length(v) - 1)) for (j in (i + 1):length(v)) { t <- cor.test(x[[i]], x[[j]], method = ${method}, exact = FALSE); cat(v[i], "~", v[j], ": r =", round(t$estimate, 3), " P =", signif(t$p.value, 4), "\\n") }`,
      `panel.r <- function(a, b, ...) { usr <- par("usr"); par(usr = c(0, 1, 0, 1)); r <- cor(a, b, use = "complete.obs", method = ${method}); text(0.5, 0.5, sprintf("%.2f", r), cex = 0.8 + abs(r) * 1.5) }`,
      'panel.hist <- function(a, ...) { usr <- par("usr"); h <- hist(a, plot = FALSE); par(usr = c(usr[1:2], 0, max(h$counts) * 1.1)); rect(head(h$breaks, -1), 0, tail(h$breaks, -1), h$counts, col = "grey") }',
      `pairs(x, lower.panel = points, upper.panel = panel.r, diag.panel = panel.hist${g ? `, col = as.integer(factor(${col(p.group)})) + 1` : ''})`,
    ];
  },
};
