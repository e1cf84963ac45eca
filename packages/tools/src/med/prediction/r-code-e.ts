// R scripts (可复现R代码) of the prediction tools in group E, under their tool keys: the propensity
// score tools with MatchIt (matchit, summary, match.data) and the IPTW weight formulas written out.
import { R_PICK_POSITIVE, rPositive } from '../../binary-outcome.js';
import { list, q, xcol } from '../../r-code-helpers.js';
import type { Params } from '../../tool.js';

/** Listwise deletion, the 0/1 treatment `treat_`, factors as factors, and the PS formula `f`. */
function psData(p: Params, extra: string[] = []): string[] {
  const xs = list(p.x);
  const fs = list(p.factors);
  const covs = [...xs, ...fs];
  const used = [p.treatment, ...covs, ...extra.filter((e) => !covs.includes(e))];
  return [
    ...(String(p.treated ?? '').trim() === '' ? R_PICK_POSITIVE.map((l) => l.replace('阳性取值留空时，工具按取值名称识别阳性类别', '“代表处理组的取值”留空时，工具按取值名称识别处理组')) : []),
    `covs <- c(${covs.map(q).join(', ')})`,
    `x <- d[complete.cases(d[, c(${used.map(q).join(', ')})]), ]  # 列表删除`,
    `tr <- ${rPositive(xcol(p.treatment), p.treated)}  # 代表处理组的取值`,
    `x$treat_ <- as.integer(trimws(as.character(${xcol(p.treatment)})) == tr)`,
    ...fs.map((f) => `${xcol(f)} <- factor(trimws(${xcol(f)}))`),
    'f <- reformulate(sprintf("`%s`", covs), response = "treat_")',
  ];
}

export const PREDICTION_R_E: Record<string, (p: Params) => string[]> = {
  psm: (p) => {
    const exact = list(p.exact);
    const ratio = typeof p.ratio === 'number' ? p.ratio : 1;
    const caliper = typeof p.caliper === 'number' && p.caliper > 0 ? p.caliper : 0;
    const logit = p.distance !== 'ps';
    return [
      'library(MatchIt)  # 请用 MatchIt ≥ 4.5.4：更早的版本在部分平台上按整数比较距离（卡钳失效），有放回 1:k 匹配也有误',
      ...psData(p, exact),
      ...exact.map((e) => `${xcol(e)} <- factor(trimws(${xcol(e)}))`),
      `m <- matchit(f, data = x, method = "nearest", distance = "glm"${logit ? ', link = "linear.logit"' : ''}, ratio = ${ratio}, replace = ${p.replace === true ? 'TRUE' : 'FALSE'}` +
        `${caliper > 0 ? `, caliper = ${caliper}, std.caliper = TRUE` : ''}${exact.length > 0 ? `, exact = reformulate(sprintf("\`%s\`", c(${exact.map(q).join(', ')})))` : ''})`,
      'm  # 匹配方法',
      'summary(glm(f, binomial, x))  # 倾向性评分模型',
      ...(caliper > 0 ? [`m$caliper  # 卡钳宽度 = ${caliper} × ${logit ? 'logit(PS)' : 'PS'} 的标准差`] : []),
      's <- summary(m, un = TRUE)',
      's$nn  # 匹配前后的样本量',
      'round(s$sum.all[, c("Means Treated", "Means Control", "Std. Mean Diff.", "Var. Ratio")], 3)  # 匹配前',
      'round(s$sum.matched[, c("Means Treated", "Means Control", "Std. Mean Diff.", "Var. Ratio")], 3)  # 匹配后',
      'plot(s, abs = TRUE, threshold = 0.1)  # Love 图',
      'plot(m, type = "histogram")  # 匹配前后倾向性评分的分布',
      'md <- match.data(m)  # 匹配后的数据：distance（距离）、weights（匹配权重）、subclass（匹配组号）',
      ...(logit ? ['md$倾向性评分 <- plogis(md$distance)'] : ['md$倾向性评分 <- md$distance']),
      'write.csv(md, "matched.csv", row.names = FALSE)',
    ];
  },
  iptw: (p) => {
    const estimand = p.estimand === 'ATT' ? 'ATT' : 'ATE';
    const stabilize = estimand === 'ATE' && p.stabilize !== false;
    const trunc = p.truncate === '99' ? 0.99 : p.truncate === '95' ? 0.95 : null;
    const fs = list(p.factors);
    return [
      ...psData(p),
      'ps <- fitted(glm(f, binomial, x))  # 倾向性评分',
      'summary(glm(f, binomial, x))',
      't1 <- x$treat_ == 1',
      estimand === 'ATE' ? 'w <- ifelse(t1, 1 / ps, 1 / (1 - ps))  # ATE 权重' : 'w <- ifelse(t1, 1, ps / (1 - ps))  # ATT 权重',
      ...(stabilize ? ['w <- ifelse(t1, mean(t1) * w, (1 - mean(t1)) * w)  # 稳定化权重'] : []),
      ...(trunc !== null
        ? [
            `idx <- ${estimand === 'ATT' ? 'which(!t1)  # ATT 只截断对照组的权重' : 'seq_along(w)'}`,
            `qs <- quantile(w[idx], c(${(1 - trunc).toFixed(2)}, ${trunc}))  # 截断于第 ${Math.round((1 - trunc) * 100)} 与第 ${Math.round(trunc * 100)} 百分位数`,
            'w[idx] <- pmin(pmax(w[idx], qs[1]), qs[2])',
          ]
        : []),
      'tapply(w, t1, function(u) c(n = length(u), 权重之和 = sum(u), ESS = sum(u)^2 / sum(u^2), 最小 = min(u), 中位数 = median(u), 最大 = max(u)))',
      '# 均衡性：分类变量每个类别一列；SMD 的分母为加权前的标准差（二分类为 sqrt(p(1 - p))）',
      `X <- cbind(倾向性评分 = ps, model.matrix(f, x${fs.length > 0 ? ', contrasts.arg = lapply(x[covs[sapply(x[covs], is.factor)]], contrasts, contrasts = FALSE)' : ''})[, -1, drop = FALSE])`,
      'smd <- function(v, w) {',
      '  bin <- all(v %in% c(0, 1)); s2 <- function(u) if (bin) mean(u) * (1 - mean(u)) else var(u)',
      `  s <- sqrt(${estimand === 'ATE' ? '(s2(v[t1]) + s2(v[!t1])) / 2' : 's2(v[t1])'})`,
      '  (weighted.mean(v[t1], w[t1]) - weighted.mean(v[!t1], w[!t1])) / s',
      '}',
      'bal <- cbind(SMD前 = apply(X, 2, smd, w = rep(1, nrow(x))), SMD后 = apply(X, 2, smd, w = w))',
      'round(bal, 3)',
      'dotchart(abs(bal[-1, "SMD前"]), pch = 1, xlim = c(0, max(abs(bal[-1, ]), 0.2)), xlab = "|SMD|"); points(abs(bal[-1, "SMD后"]), seq_len(nrow(bal) - 1), pch = 18); abline(v = 0.1, lty = 2)  # Love 图',
      'x$倾向性评分 <- ps; x$IPTW权重 <- w',
      'write.csv(x, "weighted.csv", row.names = FALSE)',
    ];
  },
};
