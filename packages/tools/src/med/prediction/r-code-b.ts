// R scripts (可复现R代码) of the prediction tools in group B, under their tool keys.
import { R_PICK_POSITIVE, rPositive } from '../../binary-outcome.js';
import { list, q, xcol } from '../../r-code-helpers.js';
import type { Params } from '../../tool.js';

/** A column name in an R formula. */
const bt = (v: string) => `\`${v.replace(/`/g, '\\`')}\``;

/** The user's numbers typed in a text field, as an R vector ('' when none). */
const numbers = (raw: unknown): string => {
  const xs = String(raw ?? '').split(/[,，;；、\s]+/).filter((v) => v !== '' && Number.isFinite(Number(v)));
  return xs.length > 0 ? `c(${xs.map(Number).join(', ')})` : '';
};

export const PREDICTION_R_B: Record<string, (p: Params) => string[]> = {
  rcs: (p) => {
    const model = p.outcomeType === 'linear' ? 'linear' : p.outcomeType === 'cox' ? 'cox' : 'logistic';
    const xs = list(p.x);
    const fs = list(p.factors);
    const refs = new Map<string, string[]>();
    for (const entry of String(p.reference ?? '').split(/[;；\n]/)) {
      const m = /^(.*?)[=＝:：](.*)$/.exec(entry.trim());
      if (m) refs.set(m[1]!.trim(), m[2]!.split(/[,，、]/).map((v) => v.trim()).filter((v) => v !== ''));
    }
    const outcome = model === 'cox' ? [p.time, p.status] : [p.y];
    const used = [...outcome, p.exposure, ...xs, ...fs].map(q).join(', ');
    const covs = [...xs, ...fs].map((v) => bt(String(v)));
    const rhs = (spline: string) => [spline, ...covs].join(' + ');
    const none = covs.length > 0 ? covs.join(' + ') : '1';
    const lhs = model === 'cox' ? 'Surv(time, status)' : 'Y';
    const knots = numbers(p.customKnots);
    const nk = typeof p.knots === 'number' ? p.knots : Number(p.knots) || 4;
    const ref = numbers(p.refValue);
    const at = numbers(p.at);
    const fit = { linear: 'ols', logistic: 'lrm', cox: 'cph' }[model];
    const base = { linear: 'lm', logistic: 'glm', cox: 'coxph' }[model];
    const family = model === 'logistic' ? ', family = binomial' : '';
    const fun = model === 'linear' ? '' : ', fun = exp';
    const needsPick = model !== 'linear' && String(p.event ?? '').trim() === '';
    return [
      'library(rms)  # 加载 Hmisc 与 survival',
      ...(needsPick ? R_PICK_POSITIVE : []),
      `x <- d[complete.cases(d[, c(${used})]), ]  # 列表删除`,
      ...fs.map((f) => {
        const given = refs.get(String(f)) ?? [];
        return `${xcol(f)} <- factor(trimws(${xcol(f)}), levels = unique(c(${given.map(q).join(', ')}${given.length > 0 ? ', ' : ''}trimws(${xcol(f)}))))  # 第一个水平为参照`;
      }),
      `x$E <- ${xcol(p.exposure)}  # 暴露`,
      ...(model === 'linear'
        ? [`x$Y <- ${xcol(p.y)}`]
        : model === 'logistic'
          ? [`ev <- ${rPositive(xcol(p.y), p.event)}  # 代表结局发生的取值`, `x$Y <- as.integer(trimws(as.character(${xcol(p.y)})) == ev)`]
          : [`x$time <- ${xcol(p.time)}`, `ev <- ${rPositive(xcol(p.status), p.event)}  # 代表事件的取值`, `x$status <- as.integer(trimws(as.character(${xcol(p.status)})) == ev)`]),
      knots ? `kn <- ${knots}  # 自定义节点` : `kn <- rcspline.eval(x$E, nk = ${nk}, knots.only = TRUE)  # Harrell 推荐分位数处的节点（同 rcs(E, ${nk})）`,
      'print(kn)',
      `dd <- datadist(x); dd$limits["Adjust to", "E"] <- ${ref || 'median(x$E)'}; options(datadist = "dd")  # 参照值`,
      `f <- ${fit}(${lhs} ~ ${rhs('rcs(E, kn)')}, data = x${model === 'cox' ? ', x = TRUE, y = TRUE, eps = 1e-10, tol = 1e-13' : ''})`,
      'print(f)',
      `anova(f)  # E 行：总体关联；Nonlinear 行：非线性（Wald${model === 'linear' ? ' F' : ' χ²'}）`,
      '# 似然比检验：样条模型与不含暴露、暴露取线性的模型比较',
      `m1 <- ${base}(${lhs} ~ ${rhs('rcs(E, kn)')}, data = x${family})`,
      `m_lin <- ${base}(${lhs} ~ ${rhs('E')}, data = x${family})`,
      `m0 <- ${base}(${lhs} ~ ${none}, data = x${family})`,
      'lr <- function(a, b) { s <- 2 * as.numeric(logLik(a) - logLik(b)); df <- attr(logLik(a), "df") - attr(logLik(b), "df"); c(chisq = s, df = df, P = pchisq(s, df, lower.tail = FALSE)) }',
      'rbind(overall = lr(m1, m0), nonlinear = lr(m1, m_lin))',
      `p <- Predict(f, E, ref.zero = TRUE${fun}, np = 100)  # 与参照值相比的${model === 'linear' ? '均值差' : model === 'cox' ? ' HR' : ' OR'}及逐点 95%CI`,
      `ggplot(p) + geom_hline(yintercept = ${model === 'linear' ? 0 : 1}, linetype = 2)`,
      `Predict(f, E = ${at || 'sort(unique(c(kn, quantile(x$E, c(0.1, 0.25, 0.5, 0.75, 0.9)))))'}, ref.zero = TRUE${fun})  # 表4`,
      `hist(x$E, breaks = 30, main = "", xlab = ${q(p.exposure)})  # 暴露的分布`,
    ];
  },
};
