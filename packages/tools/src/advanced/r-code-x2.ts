// R scripts (可复现R代码) of the advanced tools in group X2, under their tool keys.
import { list, q } from '../r-code-helpers.js';
import type { Params } from '../tool.js';

/** The tool's category order in R: the listed levels first, then the rest in order of first appearance. */
const levels = (v: string, order: unknown) => {
  const given = String(order ?? '')
    .split(/[,，;；]/)
    .map((s) => s.trim())
    .filter((s) => s !== '');
  return `factor(${v}, levels = unique(c(${[...given.map(q), `unique(${v})`].join(', ')})))`;
};

export const ADVANCED_R_X2: Record<string, (p: Params) => string[]> = {
  correspondence: (p) => {
    const r = q(p.row);
    const c = q(p.col);
    const w = p.weight ? q(p.weight) : '';
    return [
      'library(ca)',
      `x <- d[!is.na(d[[${r}]]) & d[[${r}]] != "" & !is.na(d[[${c}]]) & d[[${c}]] != ""${w ? ` & !is.na(d[[${w}]]) & d[[${w}]] > 0` : ''}, ]  # 列表删除`,
      w
        ? `tab <- xtabs(w ~ r + c, data.frame(r = ${levels(`x[[${r}]]`, p.rowOrder)}, c = ${levels(`x[[${c}]]`, p.colOrder)}, w = x[[${w}]]))`
        : `tab <- table(${levels(`x[[${r}]]`, p.rowOrder)}, ${levels(`x[[${c}]]`, p.colOrder)})`,
      'addmargins(tab)  # 表1',
      'chisq.test(tab, correct = FALSE)  # 表1 注：Pearson χ²',
      'fit <- ca(tab)',
      'data.frame(奇异值 = fit$sv, 主惯量 = fit$sv^2, 百分比 = 100 * fit$sv^2 / sum(fit$sv^2), 累计 = cumsum(100 * fit$sv^2 / sum(fit$sv^2)))  # 表2',
      'summary(fit)  # 表3、表4：mass、inr（惯量）、k=1/k=2（主坐标）、ctr（贡献）、cor（cos²），均为千分数',
      'sweep(fit$rowcoord, 2, fit$sv, `*`); sweep(fit$colcoord, 2, fit$sv, `*`)  # 行、列主坐标（维度的正负号可能与本工具相反）',
      'plot(fit, map = "symmetric")  # 图1 对称图',
    ];
  },
  'multiple-response': (p) => {
    const vars = list(p.vars);
    const chosen = String(p.chosen ?? '').trim();
    const g = p.group ? q(p.group) : '';
    const code = chosen
      ? `X <- sapply(m[, vars], function(v) as.integer(trimws(as.character(v)) == ${q(chosen)}))`
      : 'X <- sapply(m[, vars], function(v) as.integer(trimws(as.character(v)) %in% c("1", "是", "选中", "已选", "有", "Y", "y", "yes", "Yes", "TRUE", "true", "√")))';
    return [
      `vars <- c(${vars.map(q).join(', ')})`,
      `m <- d[complete.cases(d[, c(vars${g ? `, ${g}` : ''})]) & rowSums(d[, vars] == "", na.rm = TRUE) == 0${g ? ` & d[[${g}]] != ""` : ''}, ]  # 列表删除`,
      code,
      p.base === 'all' ? 'valid <- rep(TRUE, nrow(X))  # 百分比基数：全部完整应答者' : 'valid <- rowSums(X) > 0  # 百分比基数：至少选 1 项的个案（同 SPSS MULT RESPONSE）',
      'Xv <- X[valid, , drop = FALSE]',
      'cnt <- colSums(Xv)',
      'data.frame(例数 = cnt, 响应百分比 = 100 * cnt / sum(cnt), 个案百分比 = 100 * cnt / nrow(Xv))  # 表1',
      'barplot(sort(100 * cnt / nrow(Xv)), horiz = TRUE, las = 1, xlab = "个案百分比（%）")  # 图1',
      ...(g
        ? [
            `g <- ${levels(`m[[${g}]][valid]`, p.groupOrder)}`,
            'sapply(levels(g), function(l) 100 * colSums(Xv[g == l, , drop = FALSE]) / sum(g == l))  # 表2 列百分比',
            'sapply(colnames(Xv), function(v) unlist(chisq.test(table(factor(Xv[, v], levels = c(1, 0)), g), correct = FALSE)[c("statistic", "parameter", "p.value")]))  # 表2 每个选项的 Pearson χ²',
          ]
        : []),
    ];
  },
};
