// R scripts (可复现R代码) of the advanced tools in group E, under their tool keys.
import { R_PICK_POSITIVE, rPositive } from '../binary-outcome.js';
import { list, q, xcol } from '../r-code-helpers.js';
import type { Params } from '../tool.js';

/** A column name in an R formula. */
const bt = (v: unknown) => `\`${String(v).replace(/`/g, '\\`')}\``;

export const ADVANCED_R_E: Record<string, (p: Params) => string[]> = {
  gee: (p) => {
    const type = p.outcomeType === 'binary' ? 'binary' : p.outcomeType === 'count' ? 'count' : 'continuous';
    const family = { continuous: 'gaussian', binary: 'binomial', count: 'poisson' }[type];
    const corstr = p.corstr === 'independence' ? 'independence' : p.corstr === 'ar1' ? 'ar1' : 'exchangeable';
    const timeModel = p.timeModel === 'factor' ? 'factor' : p.timeModel === 'none' ? 'none' : 'linear';
    const group = String(p.group ?? '');
    const xs = list(p.x);
    const fs = list(p.factors);
    const factors = group ? [group, ...fs] : fs;
    const refs = new Map<string, string[]>();
    for (const entry of String(p.reference ?? '').split(/[;；\n]/)) {
      const m = /^(.*?)[=＝:：](.*)$/.exec(entry.trim());
      if (m) refs.set(m[1]!.trim(), m[2]!.split(/[,，、]/).map((v) => v.trim()).filter((v) => v !== ''));
    }
    const used = [p.id, p.time, p.y, ...(group ? [group] : []), ...xs, ...fs].map(q).join(', ');
    const timeTerm = timeModel === 'linear' ? bt(p.time) : timeModel === 'factor' ? 'T' : null;
    const interaction = p.interaction !== 'no' && group !== '' && timeTerm !== null;
    const rhs = [timeTerm && group && interaction ? `${timeTerm} * ${bt(group)}` : null, timeTerm && !(group && interaction) ? timeTerm : null, group && !interaction ? bt(group) : null, ...xs.map(bt), ...fs.map(bt)].filter((v): v is string => v !== null);
    const pct = typeof p.level === 'number' ? p.level : 0.95;
    return [
      'library(geepack)  # install.packages("geepack")',
      ...(type === 'binary' && String(p.positive ?? '').trim() === '' ? R_PICK_POSITIVE : []),
      `x <- d[complete.cases(d[, c(${used})]), ]  # 列表删除`,
      `x <- x[trimws(as.character(${xcol(p.id)})) != "", ]`,
      ...factors.map((f) => {
        const given = refs.get(f) ?? [];
        return `${xcol(f)} <- factor(trimws(${xcol(f)}), levels = unique(c(${given.map(q).join(', ')}${given.length > 0 ? ', ' : ''}trimws(${xcol(f)}))))  # 第一个水平为参照`;
      }),
      ...(type === 'binary'
        ? [`ev <- ${rPositive(xcol(p.y), p.positive)}  # 代表结局发生的取值`, `x$Y <- as.integer(trimws(as.character(${xcol(p.y)})) == ev)`]
        : [`x$Y <- ${xcol(p.y)}`]),
      `x$id <- as.integer(factor(${xcol(p.id)}))  # 个体编号`,
      `x <- x[order(x$id, ${xcol(p.time)}), ]  # geeglm 要求同一个体的行相邻、按时间排序`,
      `x$w <- as.integer(factor(${xcol(p.time)}))  # 时间点编号（AR(1) 的间隔）`,
      ...(timeModel === 'factor' ? [`x$T <- factor(${xcol(p.time)})  # 时间作为分类变量，第一个时间点为参照`] : []),
      `fit <- geeglm(Y ~ ${rhs.length > 0 ? rhs.join(' + ') : '1'}, family = ${family}, data = x, id = id, waves = w,`,
      `              corstr = ${q(corstr)}, control = geese.control(epsilon = 1e-10, maxit = 100))`,
      'summary(fit)  # β、稳健标准误（Std.err）、Wald χ² 与 P；Estimated Scale / Correlation Parameters 为 φ 与 α',
      `ci <- cbind(coef(fit), coef(fit) - qnorm(${(1 + pct) / 2}) * sqrt(diag(vcov(fit))), coef(fit) + qnorm(${(1 + pct) / 2}) * sqrt(diag(vcov(fit))))`,
      type === 'continuous' ? 'ci  # β 与置信区间' : `exp(ci)  # ${type === 'binary' ? 'OR' : 'RR'} 与置信区间`,
      'sqrt(diag(fit$geese$vbeta.naiv))  # 模型（naive）标准误',
      '# 某个变量全部系数的整体 Wald 检验（同 anova(完整模型, 去掉该变量的模型)）：',
      'wald <- function(fit, pattern) { k <- grep(pattern, names(coef(fit)), fixed = TRUE); b <- coef(fit)[k]; X2 <- drop(t(b) %*% solve(vcov(fit)[k, k, drop = FALSE], b)); c(X2 = X2, df = length(k), p = pchisq(X2, length(k), lower.tail = FALSE)) }',
      ...(interaction ? ['wald(fit, ":")  # 分组 × 时间交互'] : []),
      'QIC(fit)  # QIC、QICu（越小越好）',
      `aggregate(Y ~ ${bt(p.time)}${group ? ` + ${bt(group)}` : ''}, data = x, FUN = mean)  # 各时间点的观测均值${type === 'binary' ? '（发生率）' : ''}`,
    ];
  },
};
