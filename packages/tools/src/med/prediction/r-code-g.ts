// R scripts (可复现R代码) of the prediction tools in group G, under their tool keys: the one-flow
// prediction model (glmnet LASSO → glm/lrm → nomogram → pROC → rms validate/calibrate → net benefit)
// from the user's file `d`.
import { R_PICK_POSITIVE, rPositive } from '../../binary-outcome.js';
import { list, num, q, xcol } from '../../r-code-helpers.js';
import type { Params } from '../../tool.js';

/** “变量=水平1,水平2; …” as a map (the tools' 参照水平 field). */
function references(raw: unknown): Map<string, string[]> {
  const refs = new Map<string, string[]>();
  for (const entry of String(raw ?? '').split(/[;；\n]/)) {
    const m = /^(.*?)[=＝:：](.*)$/.exec(entry.trim());
    if (m) refs.set(m[1]!.trim(), m[2]!.split(/[,，、]/).map((v) => v.trim()).filter((v) => v !== ''));
  }
  return refs;
}

export const PREDICTION_R_G: Record<string, (p: Params) => string[]> = {
  'prediction-model-flow': (p) => {
    const xs = list(p.x);
    const fs = list(p.factors);
    const vars = [...xs, ...fs];
    const refs = references(p.reference);
    const nfolds = Math.round(num(p.nfolds, 10));
    const B = Math.round(num(p.B, 200));
    const seed = Math.round(num(p.seed, 2026));
    const from = num(p.dcaFrom, 0.01);
    const to = num(p.dcaTo, 0.8);
    const rule = p.lambdaRule === 'min' ? 'lambda.min' : 'lambda.1se';
    return [
      'library(glmnet); library(rms); library(pROC)  # install.packages(c("glmnet", "rms", "pROC"))',
      ...(String(p.event ?? '').trim() === '' ? R_PICK_POSITIVE : []),
      `x <- d[complete.cases(d[, c(${[p.y, ...vars].map(q).join(', ')})]), ]  # 列表删除：各步使用同一批研究对象`,
      `ev <- ${rPositive(xcol(p.y), p.event)}  # 代表结局发生的取值`,
      `x$y <- as.integer(trimws(as.character(${xcol(p.y)})) == ev)`,
      ...fs.map((f) => {
        const v = `trimws(as.character(${xcol(f)}))`;
        return `${xcol(f)} <- factor(${v}, levels = unique(c(${[...(refs.get(f) ?? []).map(q), v].join(', ')})))  # 第一个水平为参照`;
      }),
      '',
      '# 第一步：LASSO 筛选（glmnet，标准化后压缩）',
      `X <- model.matrix(~ ., x[, c(${vars.map(q).join(', ')}), drop = FALSE])[, -1, drop = FALSE]`,
      `set.seed(${seed}); foldid <- sample(rep(seq_len(${nfolds}), length.out = nrow(X)))`,
      '# 注意：本软件用自己的随机数发生器分折，R 的分折不同；λ 路径与各 λ 处的系数一致，λ.min / λ.1se 与入选变量可能略有不同。',
      '# 若与报告不同，可把下面的 sel 改为报告表3 中“进入最终模型”为“是”的变量，以复现报告的其余结果。',
      'cv <- cv.glmnet(X, x$y, family = "binomial", foldid = foldid)',
      'plot(cv); c(lambda.min = cv$lambda.min, lambda.1se = cv$lambda.1se)',
      `b <- as.matrix(coef(cv, s = ${q(rule)}))[-1, 1]; b`,
      `vars <- c(${vars.map(q).join(', ')})`,
      'sel <- vars[sapply(vars, function(v) any(b[startsWith(names(b), v) | startsWith(names(b), paste0("`", v))] != 0))]  # 分类变量有一个类别入选即整体纳入',
      'sel',
      '',
      '# 第二步：入选变量的多因素 Logistic 回归',
      'f <- as.formula(paste("y ~", paste(sprintf("`%s`", sel), collapse = " + ")))',
      'fit <- glm(f, family = binomial, data = x)',
      'summary(fit); exp(cbind(OR = coef(fit), confint.default(fit)))',
      'p <- fitted(fit)',
      '',
      '# 第三步：列线图',
      'dd <- datadist(x); options(datadist = "dd")',
      'lfit <- lrm(f, data = x, x = TRUE, y = TRUE)',
      'nom <- nomogram(lfit, fun = plogis, fun.at = c(0.01, 0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95, 0.99), funlabel = "预测概率", lp = TRUE)',
      'plot(nom)',
      '',
      '# 第四步：ROC 曲线与 AUC（DeLong 95%CI）',
      'r <- roc(x$y, p, direction = "<", levels = c(0, 1)); plot(r)',
      'ci.auc(r, method = "delong"); coords(r, "best", best.method = "youden")',
      '',
      '# 第五步：Bootstrap 内部验证与校准曲线（R 的随机数与本软件不同，结果在蒙特卡洛误差范围内一致）',
      `set.seed(${seed}); v <- validate(lfit, method = "boot", B = ${B}); v`,
      'c(C_apparent = v["Dxy", "index.orig"] / 2 + 0.5, C_corrected = v["Dxy", "index.corrected"] / 2 + 0.5)',
      `set.seed(${seed}); cal <- calibrate(lfit, method = "boot", B = ${B}); plot(cal)`,
      'cut_p <- cut(p, breaks = quantile(p, probs = seq(0, 1, 0.1)), include.lowest = TRUE)',
      'obs <- xtabs(cbind(1 - x$y, x$y) ~ cut_p); ex <- xtabs(cbind(1 - p, p) ~ cut_p)',
      'hl <- sum((obs - ex)^2 / ex); c(HL = hl, df = 8, P = 1 - pchisq(hl, 8))  # Hosmer–Lemeshow',
      '',
      '# 第六步：决策曲线（净获益，同 dcurves::dca）',
      `pt <- seq(${from}, ${to}, by = 0.01)`,
      'nb <- function(risk) sapply(pt, function(t) { pos <- risk >= t; mean(pos & x$y == 1) - mean(pos & x$y == 0) * t / (1 - t) })',
      'plot(pt, nb(p), type = "l", ylim = c(-0.1, 1) * mean(x$y), xlab = "阈值概率", ylab = "净获益")',
      'lines(pt, nb(rep(1, nrow(x))), lty = 2); abline(h = 0)',
    ];
  },
};
