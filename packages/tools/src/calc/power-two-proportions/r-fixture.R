# Regenerates r-fixture.json beside it (run from this folder): Rscript r-fixture.R
# Equal allocation: stats::power.prop.test. Allocation k = n2/n1: the normal approximation written
# out (Fleiss, Levin & Paik 2003, eq. 4.19), and its continuity correction (Fleiss, Tytun & Ury 1980).
library(jsonlite)
cases <- list(
  list(p1 = 0.3, p2 = 0.5, sig = 0.05, power = 0.9, alt = "two.sided", k = 1),
  list(p1 = 0.15, p2 = 0.25, sig = 0.05, power = 0.8, alt = "one.sided", k = 1),
  list(p1 = 0.2, p2 = 0.35, sig = 0.05, power = 0.8, alt = "two.sided", k = 2),
  list(p1 = 0.6, p2 = 0.45, sig = 0.01, power = 0.9, alt = "one.sided", k = 0.5)
)
out <- lapply(cases, function(c) {
  sides <- if (c$alt == "two.sided") 2 else 1
  za <- qnorm(1 - c$sig / sides); zb <- qnorm(c$power)
  d <- abs(c$p1 - c$p2); k <- c$k
  pbar <- (c$p1 + k * c$p2) / (1 + k)
  v1 <- pbar * (1 - pbar) * (1 + 1 / k); v2 <- c$p1 * (1 - c$p1) + c$p2 * (1 - c$p2) / k
  n1 <- (za * sqrt(v1) + zb * sqrt(v2))^2 / d^2
  n1cc <- n1 / 4 * (1 + sqrt(1 + 2 * (k + 1) / (k * n1 * d)))^2
  powerAt60 <- pnorm((sqrt(60) * d - za * sqrt(v1)) / sqrt(v2))
  r <- c(c, list(n1 = n1, n2 = k * n1, n1cc = n1cc, powerAt60 = powerAt60))
  if (k == 1) {
    r$nR <- power.prop.test(p1 = c$p1, p2 = c$p2, sig.level = c$sig, power = c$power, alternative = c$alt)$n
    r$powerAt60R <- power.prop.test(n = 60, p1 = c$p1, p2 = c$p2, sig.level = c$sig, alternative = c$alt)$power
  }
  r
})
writeLines(toJSON(out, auto_unbox = TRUE, digits = NA, pretty = TRUE), "r-fixture.json")
