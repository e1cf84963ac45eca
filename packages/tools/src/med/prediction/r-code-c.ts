// R scripts (可复现R代码) of the prediction tools in group C, under their tool keys: the nomogram
// (rms::lrm / cph and nomogram) and the internal validation (rms::validate / calibrate, HL written
// out as ResourceSelection::hoslem.test; calibrate(cmethod = "KM") for Cox) from the user's file `d`.
import { R_PICK_POSITIVE, rPositive } from '../../binary-outcome.js';
import { list, num, q, xcol } from '../../r-code-helpers.js';
import type { Params } from '../../tool.js';

/** Each factor's level order as the tools take it: the levels named in 参照水平 first, then first appearance. */
function factorLines(p: Params): string[] {
  const refs = new Map<string, string[]>();
  for (const entry of String(p.reference ?? '').split(/[;；\n]/)) {
    const m = /^(.*?)[=＝:：](.*)$/.exec(entry.trim());
    if (m) refs.set(m[1]!.trim(), m[2]!.split(/[,，、]/).map((v) => v.trim()).filter((v) => v !== ''));
  }
  return list(p.factors).map((f) => {
    const given = refs.get(f) ?? [];
    const v = `trimws(as.character(${xcol(f)}))`;
    return `${xcol(f)} <- factor(${v}, levels = unique(c(${[...given.map(q), v].join(', ')})))  # 第一个水平为参照`;
  });
}

/** Reading the analysed rows and the outcome (binary y, or time/status), the datadist and the formula's right-hand side. */
function modelLines(p: Params, survival: boolean): string[] {
  const vars = [...list(p.x), ...list(p.factors)];
  const outcome = survival ? [p.time, p.status] : [p.y];
  const used = [...outcome, ...vars].map(q).join(', ');
  return [
    'library(rms)',
    ...(String(p.event ?? '').trim() === '' ? R_PICK_POSITIVE : []),
    `x <- d[complete.cases(d[, c(${used})]), ]  # 列表删除`,
    ...(survival
      ? [`x$time <- ${xcol(p.time)}`, `ev <- ${rPositive(xcol(p.status), p.event)}  # 代表事件的取值`, `x$status <- as.integer(trimws(as.character(${xcol(p.status)})) == ev)`]
      : [`ev <- ${rPositive(xcol(p.y), p.event)}  # 代表结局发生的取值`, `x$y <- as.integer(trimws(as.character(${xcol(p.y)})) == ev)`]),
    ...factorLines(p),
    `vars <- c(${vars.map(q).join(', ')})`,
    'rhs <- paste(sprintf("`%s`", vars), collapse = " + ")',
    'dd <- datadist(x); options(datadist = "dd")',
  ];
}

const HOSLEM = [
  '# Hosmer–Lemeshow 检验（同 ResourceSelection::hoslem.test(y, p, g = 10)）',
  'cut_p <- cut(p, breaks = quantile(p, probs = seq(0, 1, 0.1)), include.lowest = TRUE)',
  'obs <- xtabs(cbind(1 - x$y, x$y) ~ cut_p); ex <- xtabs(cbind(1 - p, p) ~ cut_p)',
  'hl <- sum((obs - ex)^2 / ex); c(chisq = hl, df = 8, p = 1 - pchisq(hl, 8))',
];

export const PREDICTION_R_C: Record<string, (p: Params) => string[]> = {
  nomogram: (p) => {
    const survival = p.outcomeType === 'survival';
    const times = String(p.times ?? '').split(/[\s,，;；、]+/).map(Number).filter((t) => Number.isFinite(t) && t > 0);
    return [
      ...modelLines(p, survival),
      ...(survival
        ? [
            'fit <- cph(as.formula(paste("Surv(time, status) ~", rhs)), data = x, x = TRUE, y = TRUE, surv = TRUE)  # Efron 法处理结点',
            'print(fit)',
            `exp(cbind(HR = coef(fit), confint.default(fit, level = ${num(p.level, 0.95)})))`,
            ...(times.length > 0
              ? [`times <- c(${times.join(', ')})`, 'times <- times[times <= max(x$time)]  # 超过最长随访时间的时间点无法估计']
              : [
                  '# 未指定时间点时，工具在最后一个事件时间内取 3 个整齐的时间点',
                  'last <- max(x$time[x$status == 1]); raw <- last / 4; mag <- 10^floor(log10(raw))',
                  'step <- c(1, 2, 2.5, 5, 10)[c(1, 2, 2.5, 5, 10) * mag >= raw][1] * mag',
                  'times <- head(Filter(function(t) t > 0 && t < last, seq(0, last + step, by = step)), 3)',
                ]),
            'S <- Survival(fit)',
            'S(times, 0)  # 平均线性预测值者（fit$center）的基线生存率',
            'funs <- lapply(times, function(t) { force(t); function(lp) S(t, lp) })',
            'nom <- nomogram(fit, fun = funs, fun.at = c(0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95), funlabel = paste(times, "生存率"), lp = TRUE)',
          ]
        : [
            'fit <- lrm(as.formula(paste("y ~", rhs)), data = x, x = TRUE, y = TRUE)',
            'print(fit)',
            `exp(cbind(OR = coef(fit), confint.default(fit, level = ${num(p.level, 0.95)})))`,
            'nom <- nomogram(fit, fun = plogis, fun.at = c(0.01, 0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95, 0.99), funlabel = "预测概率", lp = TRUE)',
          ]),
      'print(nom)  # 各变量取值对应的得分，总分与预测值的对应',
      'attr(nom, "info")$sc  # 每单位线性预测值的得分',
      'plot(nom)',
    ];
  },
  'model-validation': (p) => {
    const B = Math.round(num(p.B, 200));
    const seed = Math.round(num(p.seed, 2026));
    if (p.outcomeType === 'survival') {
      const u = num(p.u, 12);
      const groups = Math.round(num(p.groups, 5));
      return [
        ...modelLines(p, true),
        `fit <- cph(as.formula(paste("Surv(time, status) ~", rhs)), data = x, x = TRUE, y = TRUE, surv = TRUE, time.inc = ${u})`,
        'print(fit)',
        'rcorr.cens(-fit$linear.predictors, Surv(x$time, x$status))  # 表观 C 指数',
        '# Bootstrap 内部验证；R 的随机数与本软件不同，结果在蒙特卡洛误差范围内一致',
        `set.seed(${seed}); v <- validate(fit, method = "boot", B = ${B}); v`,
        'c(C_apparent = v["Dxy", "index.orig"] / 2 + 0.5, C_corrected = v["Dxy", "index.corrected"] / 2 + 0.5)',
        `set.seed(${seed}); cal <- calibrate(fit, cmethod = "KM", u = ${u}, m = floor(nrow(x) / ${groups}), B = ${B})`,
        'print(cal)  # 各组平均预测生存率、Kaplan–Meier 实际值与偏差校正值',
        'plot(cal)',
      ];
    }
    return [
      ...modelLines(p, false),
      'fit <- lrm(as.formula(paste("y ~", rhs)), data = x, x = TRUE, y = TRUE)',
      'print(fit)',
      'p <- plogis(fit$linear.predictors)',
      'somers2(p, x$y)  # 表观 C 指数与 Dxy',
      'c(R2 = fit$stats[["R2"]], Brier = mean((x$y - p)^2))',
      ...HOSLEM,
      '# Bootstrap 内部验证；R 的随机数与本软件不同，结果在蒙特卡洛误差范围内一致',
      `set.seed(${seed}); v <- validate(fit, method = "boot", B = ${B}); v`,
      'c(C_apparent = v["Dxy", "index.orig"] / 2 + 0.5, C_corrected = v["Dxy", "index.corrected"] / 2 + 0.5)',
      `set.seed(${seed}); cal <- calibrate(fit, method = "boot", B = ${B})`,
      'print(cal)  # 平均绝对误差等',
      'plot(cal)',
    ];
  },
};
