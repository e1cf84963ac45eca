// R scripts (可复现R代码) of the prediction tools in group D, under their tool keys: the lines that
// recompute each report's headline numbers from the user's file `d` (base R, survival).
import { R_PICK_POSITIVE, rPositive } from '../../binary-outcome.js';
import { level, list, num, q, xcol } from '../../r-code-helpers.js';
import type { Params } from '../../tool.js';

/** "分期=I期,II期; 性别=男" → per variable the levels named first. */
function references(raw: unknown): Map<string, string[]> {
  const refs = new Map<string, string[]>();
  for (const entry of String(raw ?? '').split(/[;；\n]/)) {
    const m = /^(.*?)[=＝:：](.*)$/.exec(entry.trim());
    if (m) refs.set(m[1]!.trim(), m[2]!.split(/[,，、]/).map((v) => v.trim()).filter((v) => v !== ''));
  }
  return refs;
}
const bt = (v: string) => `\`${v.replace(/`/g, '\\`')}\``;
/** A factor with the given levels first, the rest in order of first appearance (as the tools order them). */
const factorLine = (target: string, column: string, first: readonly string[]) =>
  `${target} <- factor(trimws(as.character(${column})), levels = unique(c(${first.map(q).join(', ')}${first.length > 0 ? ', ' : ''}unique(trimws(as.character(${column}))))))`;
const pickPositive = (p: Params, role: string) =>
  String(p.event ?? '').trim() === '' ? R_PICK_POSITIVE.map((l) => l.replace('阳性取值留空时，工具按取值名称识别阳性类别', `“代表结局发生（事件）的取值”留空时，工具按取值名称识别${role}`)) : [];

export const PREDICTION_R_D: Record<string, (p: Params) => string[]> = {
  dca: (p) => {
    const survival = p.outcomeType === 'survival';
    const risks = list(p.risks);
    const fit = p.fitModel === true;
    const xs = fit ? list(p.x) : [];
    const fs = fit ? list(p.factors) : [];
    const name = String(p.modelName ?? '').trim() || '拟合模型';
    const refs = references(p.reference);
    const outcome = survival ? [p.time, p.status] : [p.y];
    const used = [...outcome, ...risks, ...xs, ...fs].map(q).join(', ');
    const t = num(p.timePoint, 36);
    const rhs = [...xs, ...fs].map(bt).join(' + ');
    return [
      ...(survival ? ['library(survival)'] : []),
      ...pickPositive(p, survival ? '事件' : '结局发生'),
      `x <- d[complete.cases(d[, c(${used})]), ]  # 列表删除`,
      `ev <- ${rPositive(xcol(survival ? p.status : p.y), p.event)}  # 代表结局发生（事件）的取值`,
      ...(survival
        ? [`x$time <- ${xcol(p.time)}`, `x$status <- as.integer(trimws(as.character(${xcol(p.status)})) == ev)`, `t0 <- ${t}  # 评价时间点`]
        : [`y <- as.integer(trimws(as.character(${xcol(p.y)})) == ev)`]),
      `thr <- round(seq(${num(p.from, 0.01)}, ${num(p.to, 0.99)}, by = ${num(p.by, 0.01)}), 10)  # 阈值概率`,
      ...fs.map((f) => factorLine(`x[[${q(f)}]]`, xcol(f), refs.get(f) ?? []) + '  # 第一个水平为参照'),
      ...(survival
        ? [
            '# 阳性者（风险 >= 阈值）t0 时刻的 Kaplan–Meier 事件风险；阳性者的随访都未达到 t0 时无法估计（NA）',
            'km_risk <- function(idx) { if (!any(idx)) return(0); if (max(x$time[idx]) < t0) return(NA); 1 - summary(survfit(Surv(time, status) ~ 1, x[idx, ]), times = t0, extend = TRUE)$surv }',
            'nb <- function(risk) sapply(thr, function(p) { pos <- risk >= p; q <- mean(pos); r <- km_risk(pos); r * q - (1 - r) * q * p / (1 - p) })',
            '# 非概率列（不在 0~1 之间）用单因素 Cox 回归（Breslow）转换为 t0 前发生事件的概率',
            'cox_risk <- function(f) { nd <- x; nd$time <- t0; 1 - exp(-predict(f, newdata = nd, type = "expected")) }',
          ]
        : [
            'nb <- function(risk) sapply(thr, function(p) { pos <- risk >= p; sum(pos & y == 1) / length(y) - sum(pos & y == 0) / length(y) * p / (1 - p) })',
            '# 非概率列（不在 0~1 之间）按 dcurves 的 as_probability 用单因素 Logistic 回归转换为概率',
          ]),
      'risks <- list()',
      ...risks.map((c) =>
        survival
          ? `risks[[${q(c)}]] <- if (all(${xcol(c)} >= 0 & ${xcol(c)} <= 1)) ${xcol(c)} else cox_risk(coxph(Surv(time, status) ~ ${bt(c)}, x, ties = "breslow"))`
          : `risks[[${q(c)}]] <- if (all(${xcol(c)} >= 0 & ${xcol(c)} <= 1)) ${xcol(c)} else fitted(glm(y ~ ${xcol(c)}, binomial))`,
      ),
      ...(fit && rhs
        ? [
            survival
              ? `risks[[${q(name)}]] <- cox_risk(coxph(Surv(time, status) ~ ${rhs}, x, ties = "breslow"))  # 由所选变量拟合的 Cox 模型`
              : `risks[[${q(name)}]] <- fitted(glm(y ~ ${rhs}, binomial, x))  # 由所选变量拟合的 Logistic 模型`,
          ]
        : []),
      'res <- sapply(risks, nb)',
      `all <- nb(rep(1, nrow(x)))  # 全部干预；全部不干预的净获益为 0`,
      `prev <- ${survival ? 'km_risk(rep(TRUE, nrow(x)))  # t0 时刻累计事件风险' : 'mean(y)  # 发生率'}`,
      'tab <- cbind(threshold = thr, res, treat_all = all, treat_none = 0)',
      'round(tab[abs(thr * 10 - round(thr * 10)) < 1e-9, , drop = FALSE], 4)  # 表2：每隔 0.1 的净获益',
      '# 表3：净获益同时高于“全部干预”和“全部不干预”的阈值',
      'lapply(as.data.frame(res), function(v) { ok <- !is.na(v) & v > pmax(all, 0); c(n = sum(ok), from = min(thr[ok]), to = max(thr[ok])) })',
      'matplot(thr, cbind(res, all, 0), type = "l", lty = c(rep(1, ncol(res)), 2, 1), col = c(seq_len(ncol(res)) + 1, "grey40", "black"),',
      '        ylim = c(-0.1, 1) * prev, xlab = "阈值概率", ylab = "净获益")  # 纵轴范围同 dcurves',
      'legend("topright", c(names(risks), "全部干预", "全部不干预"), lty = c(rep(1, ncol(res)), 2, 1), col = c(seq_len(ncol(res)) + 1, "grey40", "black"), bty = "n")',
      `# 安装了 CRAN 的 dcurves 时也可：dcurves::dca(${survival ? 'Surv(time, status)' : 'y'} ~ …, data = …, thresholds = thr${survival ? ', time = t0' : ''})`,
    ];
  },

  'subgroup-forest': (p) => {
    const type = p.outcomeType === 'survival' ? 'survival' : p.outcomeType === 'continuous' ? 'continuous' : 'binary';
    const subs = list(p.subgroups);
    const xs = list(p.x);
    const fs = list(p.factors);
    const refs = references(p.reference);
    const exRef = String(p.exposureReference ?? '').trim();
    const outcome = type === 'survival' ? [p.time, p.status] : type === 'continuous' ? [p.score] : [p.y];
    const used = [...outcome, p.exposure, ...subs, ...xs, ...fs].map(q).join(', ');
    const L = level(p);
    const covs = [...xs, ...fs];
    const lhs = type === 'survival' ? 'Surv(time, y)' : 'y';
    const control = [...new Set([...(exRef ? [exRef] : []), '对照', '对照组', '安慰剂', '安慰剂组', '空白对照', '常规治疗', '标准治疗', '未治疗', '未暴露', '非暴露', '否', '无', '0', 'control', 'placebo', 'no', 'unexposed'])];
    return [
      ...(type === 'survival' ? ['library(survival)'] : []),
      ...(type === 'continuous' ? [] : pickPositive(p, type === 'survival' ? '事件' : '结局发生')),
      `x <- d[complete.cases(d[, c(${used})]), ]  # 列表删除`,
      ...(type === 'binary'
        ? [`ev <- ${rPositive(xcol(p.y), p.event)}`, `x$y <- as.integer(trimws(as.character(${xcol(p.y)})) == ev)`]
        : type === 'survival'
          ? [`ev <- ${rPositive(xcol(p.status), p.event)}`, `x$y <- as.integer(trimws(as.character(${xcol(p.status)})) == ev)`, `x$time <- ${xcol(p.time)}`]
          : [`x$y <- ${xcol(p.score)}`]),
      `ex <- trimws(as.character(${xcol(p.exposure)})); lv <- unique(ex)`,
      `ref <- ${exRef ? q(exRef) : `c(lv[tolower(lv) %in% c(${control.map(q).join(', ')})], lv[grepl("对照|安慰剂", lv)], lv)[1]`}  # 暴露的参照水平`,
      'x$trt <- factor(ex, levels = c(ref, setdiff(lv, ref)))',
      '# 亚组变量：分类变量按水平；定量变量（不同取值多于 6 个）按中位数分为两组',
      `for (s in c(${subs.map(q).join(', ')})) {`,
      '  v <- x[[s]]',
      '  x[[paste0("sg_", s)]] <- if (is.numeric(v) && length(unique(v)) > 6) ifelse(v <= median(v), paste0("≤", median(v)), paste0(">", median(v))) else trimws(as.character(v))',
      '}',
      ...xs.map((c) => `x[[${q(`cov_${c}`)}]] <- ${xcol(c)}`),
      ...fs.map((f) => factorLine(`x[[${q(`cov_${f}`)}]]`, xcol(f), refs.get(f) ?? []) + '  # 第一个水平为参照'),
      `covs <- c(${covs.map(q).join(', ')})`,
      'rhs <- function(terms) paste(c("trt", if (length(terms)) sprintf("`%s`", terms)), collapse = " + ")',
      type === 'binary'
        ? `fit <- function(f, data) glm(as.formula(f), binomial, data)`
        : type === 'survival'
          ? `fit <- function(f, data) coxph(as.formula(f), data)  # Efron 结点`
          : `fit <- function(f, data) lm(as.formula(f), data)`,
      `effect <- function(data, cv) {`,
      `  m <- fit(paste(${q(lhs)}, "~", rhs(if (length(cv)) paste0("cov_", cv))), data)`,
      type === 'continuous'
        ? `  cbind(estimate = coef(m), confint(m, level = ${L}), p = summary(m)$coefficients[, 4])[grepl("^trt", names(coef(m))), , drop = FALSE]`
        : `  b <- coef(m); se <- sqrt(diag(vcov(m))); z <- qnorm(1 - (1 - ${L}) / 2); k <- grepl("^trt", names(b))\n  cbind(${type === 'survival' ? 'HR' : 'OR'} = exp(b), lower = exp(b - z * se), upper = exp(b + z * se), p = 2 * pnorm(-abs(b / se)))[k, , drop = FALSE]`,
      '}',
      'effect(x, covs)  # 总体',
      `for (s in c(${subs.map(q).join(', ')})) {`,
      '  g <- x[[paste0("sg_", s)]]; cv <- setdiff(covs, s)',
      '  for (l in unique(g)) { cat("\\n", s, "=", l, " n =", sum(g == l), "\\n"); print(effect(x[g == l, ], cv)) }',
      '  # 交互作用：含与不含“暴露 × 亚组”的模型比较',
      `  f0 <- paste(${q(lhs)}, "~", rhs(c(paste0("sg_", s), if (length(cv)) paste0("cov_", cv))))`,
      '  f1 <- paste(f0, "+", sprintf("trt:`sg_%s`", s))',
      `  print(anova(fit(f0, x), fit(f1, x)${type === 'binary' ? ', test = "LRT"' : ''}))`,
      '}',
    ];
  },
};
