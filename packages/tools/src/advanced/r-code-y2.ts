// R scripts (可复现R代码) of the advanced tools in group Y2, under their tool keys.
import { list, q, xcol } from '../r-code-helpers.js';
import type { Params } from '../tool.js';

/** A column name in an R formula. */
const bt = (v: unknown) => `\`${String(v).replace(/`/g, '\\`')}\``;

export const ADVANCED_R_Y2: Record<string, (p: Params) => string[]> = {
  'mixed-model': (p) => {
    const timeModel = p.timeModel === 'factor' ? 'factor' : 'linear';
    const group = String(p.group ?? '');
    const xs = list(p.x);
    const fs = list(p.factors);
    const slopes = list(p.slopes);
    const reml = p.method !== 'ML';
    const factors = group ? [group, ...fs] : fs;
    const refs = new Map<string, string[]>();
    for (const entry of String(p.reference ?? '').split(/[;；\n]/)) {
      const m = /^(.*?)[=＝:：](.*)$/.exec(entry.trim());
      if (m) refs.set(m[1]!.trim(), m[2]!.split(/[,，、]/).map((v) => v.trim()).filter((v) => v !== ''));
    }
    const used = [p.id, p.time, p.y, ...(group ? [group] : []), ...xs, ...fs].map(q).join(', ');
    const timeTerm = timeModel === 'linear' ? bt(p.time) : 'T';
    const interaction = p.interaction !== 'no' && group !== '';
    const rhs = [interaction ? `${timeTerm} * ${bt(group)}` : timeTerm, group && !interaction ? bt(group) : null, ...xs.map(bt), ...fs.map(bt)].filter((v): v is string => v !== null);
    const random = `(${slopes.length > 0 ? slopes.map(bt).join(' + ') : '1'} | id)`;
    const pct = typeof p.level === 'number' ? p.level : 0.95;
    return [
      'library(lmerTest)  # install.packages("lmerTest")，同时载入 lme4',
      `x <- d[complete.cases(d[, c(${used})]), ]  # 列表删除`,
      `x <- x[trimws(as.character(${xcol(p.id)})) != "", ]`,
      ...factors.map((f) => {
        const given = refs.get(f) ?? [];
        return `${xcol(f)} <- factor(trimws(${xcol(f)}), levels = unique(c(${given.map(q).join(', ')}${given.length > 0 ? ', ' : ''}trimws(${xcol(f)}))))  # 第一个水平为参照`;
      }),
      `x$id <- factor(${xcol(p.id)})  # 个体编号`,
      ...(timeModel === 'factor' ? [`x$T <- factor(${xcol(p.time)})  # 时间作为分类变量，第一个时间点为参照`] : []),
      `fit <- lmer(${bt(p.y)} ~ ${rhs.join(' + ')} + ${random}, data = x, REML = ${reml ? 'TRUE' : 'FALSE'})`,
      'summary(fit)  # 表3：β、标准误、Satterthwaite 自由度、t、P；表5：方差成分（Random effects）',
      `s <- coef(summary(fit)); cbind(s[, 1], s[, 1] - qt(${(1 + pct) / 2}, s[, "df"]) * s[, 2], s[, 1] + qt(${(1 + pct) / 2}, s[, "df"]) * s[, 2])  # β 的置信区间（Satterthwaite t）`,
      'anova(fit, type = 3)  # 表4：Ⅲ型 F 检验（Satterthwaite）',
      'VarCorr(fit); sigma(fit)^2  # 方差成分与残差方差',
      `fit0 <- lmer(${bt(p.y)} ~ ${rhs.join(' + ')} + (1 | id), data = x, REML = ${reml ? 'TRUE' : 'FALSE'})`,
      'vc <- as.data.frame(VarCorr(fit0)); vc$vcov[1] / sum(vc$vcov)  # ICC（仅随机截距模型）',
      ...(slopes.length > 0 ? ['anova(fit0, fit, refit = FALSE)  # 表6：随机斜率的似然比检验（同 ranova(fit)）'] : []),
      'logLik(fit); AIC(fit); BIC(fit)',
      `fitNull <- lmer(${bt(p.y)} ~ 1 + ${random}, data = x, REML = ${reml ? 'TRUE' : 'FALSE'})`,
      'anova(fitNull, fit)  # 表6：固定效应的整体似然比检验（两模型用 ML 重新拟合）',
      'isSingular(fit)  # TRUE 表示边界（奇异）拟合',
      'plot(fitted(fit), resid(fit)); abline(h = 0, lty = 2)  # 图2 残差图',
      ...(group
        ? [`interaction.plot(${xcol(p.time)}, x$id, ${xcol(p.y)}, legend = FALSE, col = as.integer(${xcol(group)}))  # 图1 个体轨迹（按${group}着色）`]
        : [`interaction.plot(${xcol(p.time)}, x$id, ${xcol(p.y)}, legend = FALSE)  # 图1 个体轨迹`]),
    ];
  },
};
