// R scripts (可复现R代码) of the advanced tools in group C, under their tool keys.
import { list, q, xcol } from '../r-code-helpers.js';
import type { Params } from '../tool.js';

/** A column name in an R formula. */
const bt = (v: string) => `\`${v.replace(/`/g, '\\`')}\``;

/** Listwise deletion and factors with the reference level first (as the tools read them). */
function prepare(p: Params, outcome: string[]): string[] {
  const xs = list(p.x);
  const fs = list(p.factors);
  const refs = new Map<string, string>();
  for (const entry of String(p.reference ?? '').split(/[;；\n]/)) {
    const m = /^(.*?)[=＝:：](.*)$/.exec(entry.trim());
    if (m) refs.set(m[1]!.trim(), m[2]!.split(/[,，、]/)[0]!.trim());
  }
  return [
    `x <- d[complete.cases(d[, c(${[...outcome, ...xs, ...fs].map(q).join(', ')})]), ]  # 列表删除`,
    ...fs.map((f) => `${xcol(f)} <- factor(trimws(${xcol(f)}), levels = unique(c(${refs.has(f) ? `${q(refs.get(f))}, ` : ''}trimws(${xcol(f)}))))  # 第一个水平为参照`),
  ];
}

const terms = (p: Params) => [...list(p.x), ...list(p.factors)].map(bt);

/** SPSS CURVEFIT's models as lm() on transformed variables: the formula and how b0, b1 come back. */
const CURVES: Record<string, { f: string; back: string }> = {
  linear: { f: 'Y ~ X', back: '' },
  logarithmic: { f: 'Y ~ log(X)', back: '' },
  inverse: { f: 'Y ~ I(1 / X)', back: '' },
  quadratic: { f: 'Y ~ X + I(X^2)', back: '' },
  cubic: { f: 'Y ~ X + I(X^2) + I(X^3)', back: '' },
  compound: { f: 'log(Y) ~ X', back: 'exp(b)  # b0 = exp(截距)，b1 = exp(斜率)' },
  power: { f: 'log(Y) ~ log(X)', back: 'c(exp(b[1]), b[2])  # b0 = exp(截距)' },
  s: { f: 'log(Y) ~ I(1 / X)', back: '' },
  growth: { f: 'log(Y) ~ X', back: '' },
  exponential: { f: 'log(Y) ~ X', back: 'c(exp(b[1]), b[2])  # b0 = exp(截距)' },
  logistic: { f: 'log(1 / Y - 1 / u) ~ X', back: 'exp(b)  # b0 = exp(截距)，b1 = exp(斜率)' },
};
const CURVE_NAMES: Record<string, string> = { linear: '线性', logarithmic: '对数', inverse: '倒数', quadratic: '二次', cubic: '三次', compound: '复合', power: '幂', s: 'S 形', growth: '增长', exponential: '指数', logistic: 'Logistic' };

export const ADVANCED_R_C: Record<string, (p: Params) => string[]> = {
  'curve-estimation': (p) => {
    const models = list(p.models).filter((m) => m in CURVES);
    const upper = String(p.upper ?? '').trim();
    const level = typeof p.level === 'number' ? p.level : 0.95;
    return [
      `x <- d[complete.cases(d[, c(${q(p.x)}, ${q(p.y)})]), ]  # 列表删除`,
      `X <- ${xcol(p.x)}; Y <- ${xcol(p.y)}`,
      ...(models.includes('logistic') ? [`u <- ${upper !== '' && Number.isFinite(Number(upper)) ? Number(upper) : 'Inf'}  # Logistic 曲线的上限（Inf 表示无上限）`] : []),
      '# 与 SPSS 的曲线估计相同：对变换后的变量做最小二乘；复合、幂、S 形、增长、指数、Logistic 在对数尺度上拟合',
      `fits <- list(${models.map((m) => `${m} = lm(${CURVES[m]!.f})`).join(', ')})`,
      'tab <- t(sapply(fits, function(f) { s <- summary(f); fs <- s$fstatistic; c(R2 = s$r.squared, F = unname(fs[1]), df1 = unname(fs[2]), df2 = unname(fs[3]), P = pf(fs[1], fs[2], fs[3], lower.tail = FALSE)) }))',
      'tab  # 表2：R²、F、P（对数尺度的模型为对数尺度上的值）',
      `for (m in names(fits)) { cat("\n==", m, "\n"); print(cbind(coef(summary(fits[[m]])), confint(fits[[m]], level = ${level}))) }  # 表3`,
      ...models.filter((m) => CURVES[m]!.back !== '').map((m) => `b <- coef(fits$${m}); ${CURVES[m]!.back}  # ${CURVE_NAMES[m]}模型的原方程参数`),
      'plot(X, Y, xlab = ' + q(p.x) + ', ylab = ' + q(p.y) + ')',
      'g <- seq(min(X), max(X), length.out = 200)',
      `for (i in seq_along(fits)) { m <- names(fits)[i]; pr <- predict(fits[[i]], newdata = data.frame(X = g)); pr <- switch(m, compound = , power = , s = , growth = , exponential = exp(pr), logistic = 1 / (1 / ${models.includes('logistic') ? 'u' : 'Inf'} + exp(pr)), pr); lines(g, pr, col = i + 1, lwd = 2) }`,
      'legend("bottomright", names(fits), col = seq_along(fits) + 1, lwd = 2)',
    ];
  },
  'ridge-regression': (p) => {
    const y = bt(String(p.y ?? ''));
    const rhs = terms(p).join(' + ');
    const level = typeof p.level === 'number' ? p.level : 0.95;
    const nfolds = typeof p.nfolds === 'number' ? p.nfolds : 10;
    const seed = typeof p.seed === 'number' ? p.seed : 2024;
    return [
      'library(glmnet); library(car)',
      ...prepare(p, [String(p.y)]),
      `ols <- lm(${y} ~ ${rhs}, data = x)  # 普通最小二乘（表2）`,
      `summary(ols); confint(ols, level = ${level}); vif(ols)  # VIF ≥ 5（或 10）提示共线性`,
      `X <- model.matrix(~ ${rhs}, x)[, -1]  # 哑变量编码的设计矩阵`,
      `y <- ${xcol(p.y)}`,
      `set.seed(${seed})  # R 的分折与本软件不同，λ.min / λ.1se 可能略有差别`,
      `cv <- cv.glmnet(X, y, alpha = 0, nfolds = ${nfolds}, thresh = 1e-14)  # 岭回归：α = 0`,
      'c(lambda.min = cv$lambda.min, lambda.1se = cv$lambda.1se)',
      'i <- match(c(cv$lambda.min, cv$lambda.1se), cv$lambda); cbind(cvm = cv$cvm[i], cvsd = cv$cvsd[i], R2 = cv$glmnet.fit$dev.ratio[i])  # 表3',
      'coef(cv$glmnet.fit, s = c(cv$lambda.min, cv$lambda.1se))  # 表4：λ.min 与 λ.1se 处的岭回归系数',
      'plot(cv)  # 图1 交叉验证曲线',
      'plot(cv$glmnet.fit, xvar = "lambda", label = TRUE); abline(v = log(c(cv$lambda.min, cv$lambda.1se)), lty = 2)  # 图2 岭迹图',
    ];
  },
  'stepwise-regression': (p) => {
    const y = bt(String(p.y ?? ''));
    const all = terms(p);
    const keep = list(p.keep).map(bt);
    const direction = p.direction === 'forward' || p.direction === 'backward' ? String(p.direction) : 'both';
    const lower = `~ ${keep.length > 0 ? keep.join(' + ') : '1'}`;
    const upper = `~ ${all.join(' + ')}`;
    const start = direction === 'backward' ? `lm(${y} ${upper}, data = x)` : `lm(${y} ${lower}, data = x)`;
    const level = typeof p.level === 'number' ? p.level : 0.95;
    const tail = ['summary(fit)', `confint(fit, level = ${level})`, 'if (length(coef(fit)) > 2) car::vif(fit)  # 方差膨胀因子', p.criterion === 'bic' ? 'extractAIC(fit, k = log(nrow(x)))  # 同表3的 BIC（n·log(RSS/n) + log(n)·k）' : 'extractAIC(fit)  # 同表3的 AIC（n·log(RSS/n) + 2k）'];
    if (p.criterion === 'p') {
      const pe = typeof p.pEnter === 'number' ? p.pEnter : 0.05;
      const pr = typeof p.pRemove === 'number' ? p.pRemove : 0.1;
      return [
        ...prepare(p, [String(p.y)]),
        `# SPSS 式逐步回归：先剔除偏 F 检验 P > ${pr} 中最大者，否则纳入 P < ${pe} 中最小者`,
        `fit <- ${start}`,
        `scope <- ${upper}; keep <- c(${list(p.keep).flatMap((k) => [q(k), q(bt(k))]).join(', ')})  # 强制保留的变量`,
        'repeat {',
        ...(direction !== 'forward'
          ? [
              '  dr <- drop1(fit, test = "F"); dr <- dr[setdiff(rownames(dr)[-1], keep), , drop = FALSE]',
              `  if (nrow(dr) > 0 && max(dr[["Pr(>F)"]]) > ${pr}) { v <- rownames(dr)[which.max(dr[["Pr(>F)"]])]; cat("剔除", v, "\\n"); fit <- update(fit, as.formula(paste(". ~ . -", v))); next }`,
            ]
          : []),
        ...(direction !== 'backward'
          ? [
              '  ad <- add1(fit, scope, test = "F")[-1, , drop = FALSE]',
              `  if (nrow(ad) > 0 && min(ad[["Pr(>F)"]]) < ${pe}) { v <- rownames(ad)[which.min(ad[["Pr(>F)"]])]; cat("加入", v, "\\n"); fit <- update(fit, as.formula(paste(". ~ . +", v))); next }`,
            ]
          : []),
        '  break',
        '}',
        ...tail,
      ];
    }
    return [
      ...prepare(p, [String(p.y)]),
      `fit <- step(${start}, scope = list(lower = ${lower}, upper = ${upper}), direction = ${q(direction)}${p.criterion === 'bic' ? ', k = log(nrow(x))' : ''})  # 每一步的 ${p.criterion === 'bic' ? 'BIC' : 'AIC'}`,
      ...tail,
    ];
  },
};
