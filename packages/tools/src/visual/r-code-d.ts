// R scripts (可复现R代码) of the visual tools in group D, under their tool keys: the lines that
// draw the same figure and compute its numbers from the user's file `d`.
import { col, list, q } from '../r-code-helpers.js';
import type { Params } from '../tool.js';

export const VISUAL_R_D: Record<string, (p: Params) => string[]> = {
  forest: (p) => {
    const log = p.scale !== 'linear';
    const t = (v: string) => (log ? `log(${v})` : v);
    return [
      `x <- data.frame(label = ${col(p.label)}, est = ${col(p.estimate)}, lo = ${col(p.lower)}, hi = ${col(p.upper)}${p.weight ? `, w = ${col(p.weight)}` : ''}${p.p ? `, p = ${col(p.p)}` : ''})`,
      'x <- x[!is.na(x$label) & x$label != "", ]',
      'ok <- with(x, !is.na(est) & !is.na(lo) & !is.na(hi))  # 缺少置信区间的行不绘制',
      `x$se <- (${t('x$hi')} - ${t('x$lo')}) / (2 * qnorm(0.975))  # 由 95%CI 推算 SE`,
      `x$p_ci <- 2 * pnorm(-abs(${t('x$est')}) / x$se)  # Wald P${p.p ? '（数据未提供 P 时使用）' : ''}`,
      ...(p.weight ? ['x$weight_pct <- 100 * x$w / sum(x$w[ok], na.rm = TRUE)'] : []),
      'print(x)',
      'y <- rev(seq_len(nrow(x)))',
      `plot(x$est, y, pch = 15, xlim = range(c(x$lo, x$hi), na.rm = TRUE)${log ? ', log = "x"' : ''}, yaxt = "n", ylab = "", xlab = ${q(String(p.measure ?? 'HR'))})`,
      'segments(x$lo, y, x$hi, y); axis(2, at = y, labels = x$label, las = 1, cex.axis = 0.8)',
      `abline(v = ${log ? 1 : 0}, lty = 2)`,
    ];
  },
  waterfall: (p) => [
    `x <- data.frame(id = ${col(p.id)}, change = ${col(p.change)}${p.response ? `, resp = toupper(trimws(${col(p.response)}))` : ''})`,
    'x <- x[!is.na(x$id) & x$id != "", ]',
    p.response
      ? 'x$resp <- ifelse(x$resp %in% c("CR", "PR", "SD", "PD"), x$resp, "NE")  # 其他取值计为不可评价'
      : 'x$resp <- ifelse(is.na(x$change), "NE", ifelse(x$change <= -100, "CR", ifelse(x$change <= -30, "PR", ifelse(x$change >= 20, "PD", "SD"))))  # RECIST 1.1 靶病灶标准',
    'table(factor(x$resp, levels = c("CR", "PR", "SD", "PD", "NE")))',
    'n <- nrow(x)  # 缺少变化率者计入分母',
    'binom.test(sum(x$resp %in% c("CR", "PR")), n)  # 客观缓解率 ORR 及精确 95%CI',
    'binom.test(sum(x$resp %in% c("CR", "PR", "SD")), n)  # 疾病控制率 DCR',
    'quantile(x$change, c(0.25, 0.5, 0.75), na.rm = TRUE)',
    'b <- x[!is.na(x$change), ]; b <- b[order(-b$change), ]',
    'cols <- c(CR = "#1B7837", PR = "#2166AC", SD = "#9E9E9E", PD = "#B2182B", NE = "#E0C36A")',
    'barplot(b$change, names.arg = b$id, col = cols[b$resp], border = NA, las = 2, ylim = c(-100, max(40, b$change)), ylab = "相对基线的最佳变化（%）")',
    'abline(h = c(20, -30), lty = 2)',
  ],
  swimmer: (p) => {
    const ev = (k: string, v: unknown) => (v ? [`x$${k} <- ${col(v)}`] : []);
    return [
      `x <- data.frame(id = ${col(p.id)}, dur = ${col(p.duration)})`,
      ...(p.group ? [`x$g <- ${col(p.group)}`] : []),
      ...ev('resp', p.response),
      ...ev('prog', p.progression),
      ...ev('death', p.death),
      ...(p.ongoing ? [`x$on <- toupper(trimws(${col(p.ongoing)})) %in% c("是", "Y", "YES", "1", "TRUE")`] : []),
      'x <- x[!is.na(x$id) & x$id != "" & !is.na(x$dur), ]',
      'quantile(x$dur, c(0.25, 0.5, 0.75))  # 横道长度的描述（非 Kaplan-Meier 估计）',
      ...(p.group ? ['tapply(x$dur, x$g, median)'] : []),
      ...(p.response ? ['sum(!is.na(x$resp)); median(x$resp, na.rm = TRUE)  # 缓解例数与至缓解时间中位数'] : []),
      'x <- x[order(x$dur), ]; y <- seq_len(nrow(x))',
      `plot(NA, xlim = c(0, max(x$dur) * 1.05), ylim = c(0.5, nrow(x) + 0.5), yaxt = "n", ylab = "", xlab = ${q(p.duration)})`,
      `rect(0, y - 0.35, x$dur, y + 0.35, col = ${p.group ? 'as.integer(factor(x$g)) + 1' : '"grey70"'}, border = NA); axis(2, at = y, labels = x$id, las = 1, cex.axis = 0.6)`,
      ...(p.response ? ['points(x$resp, y, pch = 17, col = "#1B7837")'] : []),
      ...(p.progression ? ['points(x$prog, y, pch = 18, col = "#B2182B")'] : []),
      ...(p.death ? ['points(x$death, y, pch = 4, lwd = 2)'] : []),
      ...(p.ongoing ? ['with(x[x$on, ], arrows(dur, y[x$on], dur + max(x$dur) * 0.04, y[x$on], length = 0.05))'] : []),
    ];
  },
  dumbbell: (p) => [
    `x <- data.frame(item = ${col(p.item)}, a = ${col(p.first)}, b = ${col(p.second)})`,
    'x <- x[!is.na(x$item) & x$item != "" & !is.na(x$a) & !is.na(x$b), ]',
    'x$diff <- x$b - x$a',
    `x <- x[order(${p.sort === 'first' ? 'x$a' : p.sort === 'second' ? 'x$b' : p.sort === 'none' ? '-seq_len(nrow(x))' : 'x$diff'}), ]  # 最大的画在最上`,
    'print(x)',
    't.test(x$b, x$a, paired = TRUE)  # 差值的配对 t 检验',
    'y <- seq_len(nrow(x))',
    `plot(NA, xlim = range(c(x$a, x$b)), ylim = range(y), yaxt = "n", ylab = "", xlab = "数值")`,
    'segments(x$a, y, x$b, y, col = "grey60", lwd = 3); points(x$a, y, pch = 19, col = "#E69F00"); points(x$b, y, pch = 19, col = "#56B4E9")',
    `axis(2, at = y, labels = x$item, las = 1, cex.axis = 0.7); legend("topright", c(${q(p.first)}, ${q(p.second)}), pch = 19, col = c("#E69F00", "#56B4E9"))`,
  ],
  lollipop: (p) => {
    const agg = String(p.aggregate ?? 'none');
    return [
      `x <- data.frame(item = ${col(p.item)}, v = ${col(p.value)}${p.group ? `, g = ${col(p.group)}` : ''})`,
      'x <- x[!is.na(x$item) & x$item != "" & !is.na(x$v), ]',
      ...(agg === 'none' ? [] : [`x <- aggregate(v ~ item${p.group ? ' + g' : ''}, x, ${agg})  # 同一项目的多行取${agg === 'mean' ? '均值' : agg === 'median' ? '中位数' : '合计'}`]),
      'x <- x[order(x$v), ]; y <- seq_len(nrow(x))',
      'summary(x$v)',
      ...(p.group ? ['tapply(x$v, x$g, mean); tapply(x$v, x$g, median)'] : []),
      `plot(x$v, y, pch = 19, cex = 1.4, xlim = range(0, x$v), yaxt = "n", ylab = "", xlab = ${q(p.value)}${p.group ? ', col = as.integer(factor(x$g)) + 1' : ''})`,
      'segments(0, y, x$v, y, col = "grey60", lwd = 2); axis(2, at = y, labels = x$item, las = 1, cex.axis = 0.7)',
    ];
  },
  sankey: (p) => {
    const st = list(p.stages);
    const w = String(p.weight ?? '') !== '';
    const keepNa = p.missing === 'category';
    const given = String(p.order ?? '').split(/[,，;；]/).map((x) => x.trim()).filter((x) => x !== '');
    return [
      `st <- c(${st.map(q).join(', ')})`,
      `x <- d[, c(st${w ? `, ${q(p.weight)}` : ''}), drop = FALSE]`,
      'x[st] <- lapply(x[st], function(v) trimws(as.character(v)))',
      keepNa
        ? 'x[st] <- lapply(x[st], function(v) ifelse(is.na(v) | v == "", "缺失", v))  # 缺失作为一个类别'
        : 'x <- x[apply(!is.na(x[st]) & x[st] != "", 1, all), ]  # 任一阶段缺失的行不纳入',
      ...(w ? [`x$w <- x[[${q(p.weight)}]]; x <- x[!is.na(x$w) & x$w > 0, ]  # 按频数加权`] : ['x$w <- 1']),
      `lv <- lapply(x[st], function(v) { u <- unique(c(${given.length > 0 ? `intersect(c(${given.map(q).join(', ')}), v), ` : ''}v)); c(setdiff(u, "缺失"), intersect(u, "缺失")) })  # 类别顺序`,
      'for (s in st) x[[s]] <- factor(x[[s]], levels = lv[[s]])',
      'lapply(x[st], function(v) tapply(x$w, v, sum))  # 各阶段的类别构成',
      'for (k in seq_len(length(st) - 1)) {',
      '  tab <- xtabs(as.formula(sprintf("w ~ `%s` + `%s`", st[k], st[k + 1])), data = x)',
      '  print(tab); print(round(100 * prop.table(tab, 1), 1))  # 流向例数与占来源的百分比',
      '  print(chisq.test(tab))  # 相邻阶段的卡方检验',
      '}',
      '# 绘图：install.packages("ggalluvial")',
      'library(ggplot2); library(ggalluvial)',
      'a <- aggregate(x$w, x[st], sum); names(a)[ncol(a)] <- "n"',
      `ggplot(a, aes(y = n, ${st.map((s, i) => `axis${i + 1} = .data[[${q(s)}]]`).join(', ')})) +`,
      `  geom_alluvium(aes(fill = .data[[${q(st[0])}]]), alpha = 0.5) + geom_stratum() +`,
      '  geom_text(stat = "stratum", aes(label = after_stat(stratum))) +',
      '  scale_x_discrete(limits = st) + ylab("例数") + theme_classic()',
    ];
  },
  mosaic: (p) => {
    const w = String(p.weight ?? '') !== '';
    const ord = (given: unknown, v: string) => {
      const g = String(given ?? '').split(/[,，;；]/).map((x) => x.trim()).filter((x) => x !== '');
      return `unique(c(${g.length > 0 ? `${g.map(q).join(', ')}, ` : ''}${v}))`;
    };
    return [
      `x <- data.frame(a = trimws(${col(p.x)}), b = trimws(${col(p.y)})${w ? `, w = ${col(p.weight)}` : ', w = 1'})`,
      'x <- x[!is.na(x$a) & x$a != "" & !is.na(x$b) & x$b != "" & !is.na(x$w) & x$w > 0, ]  # 列表删除',
      `x$a <- factor(x$a, levels = ${ord(p.xOrder, 'x$a')})  # 类别按首次出现的顺序（或指定的顺序）`,
      `x$b <- factor(x$b, levels = ${ord(p.yOrder, 'x$b')})`,
      'tab <- xtabs(w ~ b + a, data = x)',
      `names(dimnames(tab)) <- c(${q(p.y)}, ${q(p.x)})`,
      'print(tab); round(100 * prop.table(tab, 2), 1)  # 列内构成比（矩形高度）',
      'round(100 * prop.table(margin.table(tab, 2)), 1)  # 横向变量构成比（矩形宽度）',
      'ct <- chisq.test(tab, correct = FALSE); ct',
      'round(ct$residuals, 2); round(ct$stdres, 2)  # Pearson 残差与标准化残差',
      'sqrt(unname(ct$statistic) / (sum(tab) * (min(dim(tab)) - 1)))  # Cramér V',
      `mosaicplot(t(tab), shade = TRUE, main = "", xlab = ${q(p.x)}, ylab = ${q(p.y)})  # 按 Pearson 残差着色`,
    ];
  },
};
