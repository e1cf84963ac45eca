// R scripts (可复现R代码) of the advanced tools in group D, under their tool keys.
import { level, list, num, q } from '../r-code-helpers.js';
import type { Params } from '../tool.js';

/** A column name in an R formula. */
const bt = (v: unknown) => `\`${String(v ?? '').replace(/`/g, '\\`')}\``;
/** Covariates of the path tools (numeric, then categorical as factors). */
const covs = (p: Params) => [...list(p.covariates), ...list(p.factors)];
const factorLines = (p: Params) => list(p.factors).map((f) => `x[[${q(f)}]] <- factor(trimws(x[[${q(f)}]]), levels = unique(trimws(x[[${q(f)}]])))  # 第一个出现的类别为参照`);

export const ADVANCED_R_D: Record<string, (p: Params) => string[]> = {
  mediation: (p) => {
    const ms = list(p.mediators);
    const cs = covs(p).map(bt);
    const rhs = (...terms: string[]) => [...terms, ...cs].join(' + ');
    const B = num(p.bootstrap, 5000);
    const lv = level(p);
    const used = [p.x, ...ms, p.y, ...covs(p)].map(q).join(', ');
    return [
      `x <- d[complete.cases(d[, c(${used})]), ]  # 列表删除`,
      ...factorLines(p),
      '# a 路径：中介变量对自变量的回归',
      ...ms.map((m, j) => `fa${j + 1} <- lm(${bt(m)} ~ ${rhs(bt(p.x))}, data = x); print(summary(fa${j + 1}))`),
      '# c 路径（总效应）与 b、c′ 路径（同时纳入自变量与中介变量）',
      `fc <- lm(${bt(p.y)} ~ ${rhs(bt(p.x))}, data = x); print(summary(fc))`,
      `fy <- lm(${bt(p.y)} ~ ${rhs(bt(p.x), ...ms.map(bt))}, data = x); print(summary(fy))`,
      `ind <- c(${ms.map((m, j) => `coef(fa${j + 1})[[${q(p.x)}]] * coef(fy)[[${q(m)}]]`).join(', ')})  # 各中介的间接效应 a×b`,
      `names(ind) <- c(${ms.map(q).join(', ')}); print(ind); cat("总间接效应:", sum(ind), "\\n")`,
      '# Sobel 检验（辅助）',
      ...ms.map((m, j) => `local({ a <- summary(fa${j + 1})$coefficients[${q(p.x)}, 1:2]; b <- summary(fy)$coefficients[${q(m)}, 1:2]; se <- sqrt(b[1]^2 * a[2]^2 + a[1]^2 * b[2]^2); z <- a[1] * b[1] / se; cat(${q(m)}, "Sobel z =", z, "P =", 2 * pnorm(-abs(z)), "\\n") })`),
      `# 百分位 Bootstrap（${B} 次）；R 的随机数与本平台不同，区间会有微小的随机差异`,
      `set.seed(${num(p.seed, 20231123)})`,
      `boot_ind <- t(replicate(${B}, { s <- x[sample(nrow(x), replace = TRUE), ]`,
      `  by <- coef(lm(${bt(p.y)} ~ ${rhs(bt(p.x), ...ms.map(bt))}, data = s))`,
      `  e <- c(${ms.map((m) => `coef(lm(${bt(m)} ~ ${rhs(bt(p.x))}, data = s))[[${q(p.x)}]] * by[[${q(m)}]]`).join(', ')}); c(e, 总间接效应 = sum(e)) }))`,
      `apply(boot_ind, 2, function(v) c(BootSE = sd(v), quantile(v, c(${(1 - lv) / 2}, ${1 - (1 - lv) / 2}))))`,
      `cat("效应占比:", sum(ind) / coef(fc)[[${q(p.x)}]], "\\n")`,
      '# 也可用 lavaan 的 sem(..., se = "bootstrap") 或 mediation::mediate() 得到相同的点估计',
    ];
  },
  moderation: (p) => {
    const cs = covs(p).map(bt);
    if (p.wType === 'categorical') {
      const usedC = [p.x, p.wCat, p.y, ...covs(p)].map(q).join(', ');
      return [
        `x <- d[complete.cases(d[, c(${usedC})]), ]  # 列表删除`,
        ...factorLines(p),
        `x$W <- factor(trimws(x[[${q(p.wCat)}]]), levels = unique(trimws(x[[${q(p.wCat)}]])))  # 第一个出现的类别为参照`,
        p.center !== false ? `x$X <- x[[${q(p.x)}]] - mean(x[[${q(p.x)}]])  # 均值中心化` : `x$X <- x[[${q(p.x)}]]`,
        `f <- lm(${bt(p.y)} ~ ${['X * W', ...cs].join(' + ')}, data = x); print(summary(f))`,
        `f0 <- lm(${bt(p.y)} ~ ${['X + W', ...cs].join(' + ')}, data = x); anova(f0, f)  # 全部交互项的联合 F 检验`,
        'cat("ΔR² =", summary(f)$r.squared - summary(f0)$r.squared, "\\n")',
        '# 各类别中 X 的斜率：参照类别为 b_X，其余为 b_X + b_X:W类别',
        `V <- vcov(f); b <- coef(f); df <- f$df.residual; tc <- qt(${1 - (1 - level(p)) / 2}, df)`,
        't(sapply(levels(x$W), function(l) { k <- paste0("X:W", l); e <- b[["X"]] + if (k %in% names(b)) b[[k]] else 0',
        '  v <- V["X", "X"] + if (k %in% names(b)) V[k, k] + 2 * V["X", k] else 0; s <- sqrt(v)',
        '  c(B = e, SE = s, t = e / s, P = 2 * pt(-abs(e / s), df), 下限 = e - tc * s, 上限 = e + tc * s) }))',
        '# 也可用 emmeans::emtrends(f, ~ W, var = "X")',
      ];
    }
    const centre = p.center !== false;
    const used = [p.x, p.w, p.y, ...covs(p)].map(q).join(', ');
    const lv = level(p);
    return [
      `x <- d[complete.cases(d[, c(${used})]), ]  # 列表删除`,
      ...factorLines(p),
      centre ? `x$X <- x[[${q(p.x)}]] - mean(x[[${q(p.x)}]]); x$W <- x[[${q(p.w)}]] - mean(x[[${q(p.w)}]])  # 均值中心化` : `x$X <- x[[${q(p.x)}]]; x$W <- x[[${q(p.w)}]]`,
      `f <- lm(${bt(p.y)} ~ ${['X * W', ...cs].join(' + ')}, data = x); print(summary(f))  # X:W 行为交互作用检验`,
      `f0 <- lm(${bt(p.y)} ~ ${['X + W', ...cs].join(' + ')}, data = x); anova(f0, f)  # ΔR² 的 F 检验`,
      'cat("ΔR² =", summary(f)$r.squared - summary(f0)$r.squared, "\\n")',
      `V <- vcov(f); b <- coef(f); df <- f$df.residual; tc <- qt(${1 - (1 - lv) / 2}, df); sh <- ${centre ? `mean(x[[${q(p.w)}]])` : '0'}`,
      'slope <- function(w) { u <- w - sh; e <- b[["X"]] + b[["X:W"]] * u; s <- sqrt(V["X", "X"] + 2 * u * V["X", "X:W"] + u^2 * V["X:W", "X:W"]); c(W = w, B = e, SE = s, t = e / s, P = 2 * pt(-abs(e / s), df), 下限 = e - tc * s, 上限 = e + tc * s) }',
      `m <- mean(x[[${q(p.w)}]]); s <- sd(x[[${q(p.w)}]])`,
      't(sapply(c(m - s, m, m + s), slope))  # 简单斜率：调节变量均值 −1SD、均值、+1SD',
      '# Johnson–Neyman：解 (b1 + b3·w)² = t²·(V11 + 2w·V13 + w²·V33)',
      'A <- b[["X:W"]]^2 - tc^2 * V["X:W", "X:W"]; B2 <- b[["X"]] * b[["X:W"]] - tc^2 * V["X", "X:W"]; C <- b[["X"]]^2 - tc^2 * V["X", "X"]',
      'if (B2^2 - A * C >= 0) print(sort((-B2 + c(-1, 1) * sqrt(B2^2 - A * C)) / A) + sh) else cat("无 J–N 边界\\n")',
      '# 也可用 interactions 包：interactions::sim_slopes(f, pred = X, modx = W, johnson_neyman = TRUE)',
    ];
  },
};
