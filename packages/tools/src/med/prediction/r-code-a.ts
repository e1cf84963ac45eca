// R scripts (可复现R代码) of the prediction tools in group A, under their tool keys.
import { R_PICK_POSITIVE, rPositive } from '../../binary-outcome.js';
import { list, num, q, xcol } from '../../r-code-helpers.js';
import type { Params } from '../../tool.js';

/** Per factor the levels the user named first ("性别=女; 分期=I期,II期"). */
function references(raw: unknown): Map<string, string[]> {
  const refs = new Map<string, string[]>();
  for (const entry of String(raw ?? '').split(/[;；\n]/)) {
    const m = /^(.*?)[=＝:：](.*)$/.exec(entry.trim());
    if (m) refs.set(m[1]!.trim(), m[2]!.split(/[,，、]/).map((v) => v.trim()).filter((v) => v !== ''));
  }
  return refs;
}

export const PREDICTION_R_A: Record<string, (p: Params) => string[]> = {
  lasso: (p) => {
    const type = p.outcomeType === 'survival' ? 'survival' : p.outcomeType === 'continuous' ? 'continuous' : 'binary';
    const family = { binary: 'binomial', survival: 'cox', continuous: 'gaussian' }[type];
    const xs = list(p.x);
    const fs = list(p.factors);
    const outcomeCols = type === 'survival' ? [p.time, p.status] : [p.y];
    const used = [...outcomeCols, ...xs, ...fs].map(q).join(', ');
    const alpha = num(p.alpha, 1);
    const nfolds = num(p.nfolds, 10);
    const seed = num(p.seed, 2024);
    const refs = references(p.reference);
    const eventField = type === 'survival' ? p.event : p.positive;
    const outcome =
      type === 'continuous'
        ? [`y <- ${xcol(p.y)}`]
        : type === 'binary'
          ? [`ev <- ${rPositive(xcol(p.y), eventField)}  # 代表结局发生的取值`, `y <- as.integer(trimws(as.character(${xcol(p.y)})) == ev)`]
          : [
              `ev <- ${rPositive(xcol(p.status), eventField)}  # 代表事件的取值`,
              `y <- Surv(${xcol(p.time)}, as.integer(trimws(as.character(${xcol(p.status)})) == ev))  # Breslow 结点（glmnet 默认）`,
            ];
    const ratio = type === 'binary' ? 'OR' : type === 'survival' ? 'HR' : null;
    return [
      'library(glmnet)  # install.packages("glmnet")',
      ...(type === 'survival' ? ['library(survival)'] : []),
      ...(String(eventField ?? '').trim() === '' && type !== 'continuous' ? R_PICK_POSITIVE : []),
      `x <- d[complete.cases(d[, c(${used})]), ]  # 列表删除`,
      ...outcome,
      ...fs.map((f) => {
        const v = `trimws(as.character(${xcol(f)}))`;
        const given = refs.get(f) ?? [];
        return `${xcol(f)} <- factor(${v}, levels = unique(c(${[...given.map(q), v].join(', ')})))  # 第一个类别为参照`;
      }),
      `X <- model.matrix(~ ., x[, c(${[...xs, ...fs].map(q).join(', ')}), drop = FALSE])[, -1, drop = FALSE]  # 分类变量转为哑变量`,
      `fit <- glmnet(X, y, family = ${q(family)}, alpha = ${alpha})  # 标准化后压缩，系数按原始单位`,
      'print(fit)  # λ 序列、入选变量数与解释的偏差比例',
      `set.seed(${seed})`,
      `foldid <- sample(rep(seq_len(${nfolds}), length.out = nrow(X)))`,
      '# 注意：本工具用自己的随机数发生器分折，R 的 set.seed + sample 无法复现同样的分折；',
      '# λ 路径与各 λ 处的系数完全一致，交叉验证曲线、λ.min 与 λ.1se 可能略有不同。',
      `cv <- cv.glmnet(X, y, family = ${q(family)}, alpha = ${alpha}, foldid = foldid)`,
      'c(lambda.min = cv$lambda.min, lambda.1se = cv$lambda.1se, log.min = log(cv$lambda.min), log.1se = log(cv$lambda.1se))',
      'b <- as.matrix(coef(cv, s = c(cv$lambda.min, cv$lambda.1se)))  # 两处的系数（0 为未入选）',
      'colnames(b) <- c("lambda.min", "lambda.1se"); print(b)',
      ...(ratio ? [`round(exp(b[rowSums(b != 0) > 0 & rownames(b) != "(Intercept)", , drop = FALSE]), 3)  # 压缩后的 ${ratio}`] : []),
      'plot(cv)  # 交叉验证曲线',
      'plot(fit, xvar = "lambda", label = TRUE)  # 系数路径（原始单位；本工具图中为标准化系数）',
      'abline(v = log(c(cv$lambda.min, cv$lambda.1se)), lty = 2)',
    ];
  },
};
