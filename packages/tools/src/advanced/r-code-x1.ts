// R scripts (可复现R代码) of the advanced tools in group X1, under their tool keys.
import { list, q } from '../r-code-helpers.js';
import type { Params } from '../tool.js';

export const ADVANCED_R_X1: Record<string, (p: Params) => string[]> = {
  discriminant: (p) => {
    const vars = list(p.vars);
    const equal = p.prior === 'equal';
    return [
      'library(MASS)',
      `x <- d[, c(${[p.group, ...vars].map(q).join(', ')})]`,
      `x <- x[complete.cases(x) & trimws(as.character(x[[1]])) != "", ]  # 列表删除`,
      'g <- factor(trimws(as.character(x[[1]])), levels = unique(trimws(as.character(x[[1]]))))  # 组的顺序同本工具（按出现顺序）',
      'X <- as.matrix(x[, -1]); n <- nrow(X); p <- ncol(X); k <- nlevels(g)',
      equal ? 'pr <- rep(1 / k, k)  # 先验概率：各组相等' : 'pr <- as.vector(table(g)) / n  # 先验概率：按样本比例',
      'f <- lda(X, g, prior = pr)',
      'f  # 表1 组均数；表3 未标准化系数（Coefficients of linear discriminants，正负号可能与本工具相反）；迹的比例',
      'Wsd <- sqrt(diag(Reduce(`+`, lapply(levels(g), function(l) crossprod(scale(X[g == l, , drop = FALSE], scale = FALSE)))) / (n - k)))',
      'f$scaling * Wsd  # 表3 标准化系数',
      '# 表2 特征值、典型相关与 Wilks\' Λ 的 Bartlett χ² 检验',
      'E <- Reduce(`+`, lapply(levels(g), function(l) crossprod(scale(X[g == l, , drop = FALSE], scale = FALSE))))',
      'H <- crossprod(scale(X, scale = FALSE)) - E',
      'lam <- Re(eigen(solve(E) %*% H)$values)[1:min(p, k - 1)]',
      'data.frame(特征值 = lam, 方差百分比 = 100 * lam / sum(lam), 典型相关 = sqrt(lam / (1 + lam)),',
      '  Wilks = sapply(seq_along(lam), function(j) prod(1 / (1 + lam[j:length(lam)])))) -> tb',
      'tb$chisq <- -(n - 1 - (p + k) / 2) * log(tb$Wilks); tb$df <- (p - seq_along(lam) + 1) * (k - seq_along(lam))',
      'tb$P <- pchisq(tb$chisq, tb$df, lower.tail = FALSE); tb',
      '# 表4 分类结果',
      'pr_f <- predict(f, X)',
      'table(实际 = g, 预测 = pr_f$class); mean(pr_f$class == g)  # 回代',
      'cv <- lda(X, g, prior = pr, CV = TRUE)',
      'table(实际 = g, 预测 = cv$class); mean(cv$class == g)  # 留一法交叉验证',
      'if (ncol(pr_f$x) >= 2) plot(pr_f$x[, 1:2], col = as.integer(g), pch = 19) else boxplot(pr_f$x[, 1] ~ g)  # 图1',
    ];
  },
  'canonical-correlation': (p) => {
    const xs = list(p.xvars);
    const ys = list(p.yvars);
    return [
      `x <- na.omit(d[, c(${[...xs, ...ys].map(q).join(', ')})])  # 列表删除`,
      `X <- as.matrix(x[, c(${xs.map(q).join(', ')})]); Y <- as.matrix(x[, c(${ys.map(q).join(', ')})])`,
      'n <- nrow(X); p <- ncol(X); q <- ncol(Y); s <- min(p, q)',
      'cc <- cancor(X, Y)',
      'r <- cc$cor[1:s]; r  # 表1 典型相关系数',
      "W <- sapply(1:s, function(k) prod(1 - r[k:s]^2))  # Wilks' Λ（第 k 至第 s 对）",
      'chi <- -(n - 1 - (p + q + 1) / 2) * log(W); df <- (p - 1:s + 1) * (q - 1:s + 1)',
      "data.frame(r = r, Wilks = W, chisq = chi, df = df, P = pchisq(chi, df, lower.tail = FALSE))  # 表1（Bartlett χ²）",
      'A <- cc$xcoef[, 1:s, drop = FALSE]; B <- cc$ycoef[, 1:s, drop = FALSE]  # 表2 原始系数（每对的正负号可能与本工具相反）',
      'A * apply(X, 2, sd) * sqrt(n - 1); B * apply(Y, 2, sd) * sqrt(n - 1)  # 表2 标准化系数',
      'U <- scale(X, cc$xcenter, FALSE) %*% A * sqrt(n - 1); V <- scale(Y, cc$ycenter, FALSE) %*% B * sqrt(n - 1)  # 典型变量得分（方差为 1）',
      'cor(X, U); cor(Y, V)  # 表3 典型载荷',
      'cor(X, V); cor(Y, U)  # 表3 交叉载荷',
      'colMeans(cor(X, U)^2) * r^2; colMeans(cor(Y, V)^2) * r^2  # 表4 冗余度',
      'plot(U[, 1], V[, 1])  # 图1',
    ];
  },
};
