# Regenerates r-fixture.json beside it (run from this folder): Rscript r-fixture.R
# Cohen's kappa and weighted kappa (linear = "Equal-Spacing", quadratic = "Fleiss-Cohen") with the
# large-sample SE and CI from vcd::Kappa; unweighted also checked against psych::cohen.kappa. The z
# test uses the SE under κ = 0 of Fleiss, Cohen & Everitt (1969), written out as published.
suppressPackageStartupMessages({ library(jsonlite); library(vcd); library(psych) })
cases <- list(
  list(rows = list(c(22, 5, 1), c(4, 30, 6), c(2, 3, 27)), weights = "none", level = 0.95),
  list(rows = list(c(22, 5, 1), c(4, 30, 6), c(2, 3, 27)), weights = "linear", level = 0.95),
  list(rows = list(c(22, 5, 1), c(4, 30, 6), c(2, 3, 27)), weights = "quadratic", level = 0.95),
  list(rows = list(c(40, 9), c(6, 45)), weights = "none", level = 0.90),
  list(rows = list(c(10, 4, 1, 0), c(3, 12, 5, 1), c(0, 4, 15, 3), c(1, 0, 2, 9)), weights = "quadratic", level = 0.95)
)
null_se <- function(m, W) {
  p <- m / sum(m); r <- rowSums(p); cc <- colSums(p)
  pe <- sum(W * outer(r, cc)); wr <- W %*% cc; wc <- t(W) %*% r
  a0 <- sum(outer(r, cc) * (W - outer(as.numeric(wr), as.numeric(wc), "+"))^2)
  sqrt((a0 - pe^2) / (sum(m) * (1 - pe)^2))
}
out <- lapply(cases, function(k) {
  m <- do.call(rbind, k$rows); q <- nrow(m)
  K <- Kappa(m, weights = if (k$weights == "linear") "Equal-Spacing" else "Fleiss-Cohen")
  W <- switch(k$weights, none = diag(q), linear = 1 - abs(outer(1:q, 1:q, "-")) / (q - 1), quadratic = 1 - outer(1:q, 1:q, "-")^2 / (q - 1)^2)
  est <- if (k$weights == "none") K$Unweighted else K$Weighted
  z <- qnorm(1 - (1 - k$level) / 2)
  stat <- est[["value"]] / null_se(m, W)
  res <- c(k, list(kappa = est[["value"]], se = est[["ASE"]], lower = est[["value"]] - z * est[["ASE"]], upper = est[["value"]] + z * est[["ASE"]],
                   z = stat, p = 2 * pnorm(-abs(stat)), po = sum(W * m) / sum(m)))
  if (k$weights == "none") res$psychKappa <- cohen.kappa(m)$kappa
  res
})
writeLines(toJSON(out, auto_unbox = TRUE, digits = NA, pretty = TRUE), "r-fixture.json")
