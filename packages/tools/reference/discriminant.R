# R reference of the 判别分析 tool on its example (src/examples/discriminant.csv), for
# src/advanced/discriminant/run.test.ts. Run from packages/tools: Rscript reference/discriminant.R
suppressPackageStartupMessages({ library(MASS); library(jsonlite) })
d <- read.csv("src/examples/discriminant.csv", check.names = FALSE, encoding = "UTF-8")
vars <- c("空腹血糖", "糖化血红蛋白", "BMI", "甘油三酯", "腰围")
x <- d[complete.cases(d[, c("分组", vars)]), ]
g <- factor(x$分组, levels = unique(x$分组)); X <- as.matrix(x[, vars]); n <- nrow(X); p <- ncol(X); k <- nlevels(g)
one <- function(pr) {
  f <- lda(X, g, prior = pr)
  S <- f$scaling; s <- apply(S, 2, function(v) sign(v[which.max(abs(v))])); S <- sweep(S, 2, s, `*`)
  pf <- predict(f, X); cv <- lda(X, g, prior = pr, CV = TRUE)
  E <- Reduce(`+`, lapply(levels(g), function(l) crossprod(scale(X[g == l, , drop = FALSE], scale = FALSE))))
  H <- crossprod(scale(X, scale = FALSE)) - E
  lam <- Re(eigen(solve(E) %*% H)$values)[1:min(p, k - 1)]
  W <- sapply(seq_along(lam), function(j) prod(1 / (1 + lam[j:length(lam)])))
  chi <- -(n - 1 - (p + k) / 2) * log(W); df <- (p - seq_along(lam) + 1) * (k - seq_along(lam))
  list(scaling = unname(S), standardized = unname(S * sqrt(diag(E / (n - k)))), proportionOfTrace = f$svd^2 / sum(f$svd^2),
       eigenvalue = lam, canonicalCorrelation = sqrt(lam / (1 + lam)), wilks = W, chi2 = chi, df = df, p = pchisq(chi, df, lower.tail = FALSE),
       accuracy = mean(pf$class == g), cvAccuracy = mean(cv$class == g), scores = unname(sweep(pf$x, 2, s, `*`)[1:5, ]),
       predicted = as.character(pf$class), cvPredicted = as.character(cv$class), rows = as.integer(rownames(x)) - 1L,
       confusion = unname(unclass(table(g, pf$class))), cvConfusion = unname(unclass(table(g, cv$class))))
}
out <- list(n = n, levels = levels(g), means = unname(lda(X, g)$means),
            proportional = one(as.vector(table(g)) / n), equal = one(rep(1 / k, k)))
writeLines(toJSON(out, digits = NA, auto_unbox = TRUE), "reference/discriminant.json")
cat("wrote reference/discriminant.json\n")
