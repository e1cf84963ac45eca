# Regenerates r-fixture.json beside it (run from this folder): Rscript r-fixture.R
# One-way ANOVA, balanced: pwr::pwr.anova.test; Cohen's f from group means and a common SD is
# sd(means, population form) / sigma (Cohen 1988, 8.2.1).
library(jsonlite)
library(pwr)
cases <- list(
  list(means = c(10, 12, 15), sd = 5, sig = 0.05, power = 0.9),
  list(means = c(20, 22, 22, 25), sd = 6, sig = 0.05, power = 0.8),
  list(means = c(1.2, 1.5), sd = 0.8, sig = 0.01, power = 0.95),
  list(f = 0.25, k = 4, sig = 0.05, power = 0.8),
  list(f = 0.1, k = 6, sig = 0.05, power = 0.9)
)
out <- lapply(cases, function(c) {
  if (!is.null(c$means)) {
    k <- length(c$means)
    f <- sqrt(sum((c$means - mean(c$means))^2) / k) / c$sd
  } else {
    k <- c$k; f <- c$f
  }
  r <- pwr.anova.test(k = k, f = f, sig.level = c$sig, power = c$power)
  p <- pwr.anova.test(k = k, n = 20, f = f, sig.level = c$sig)$power
  c(c, list(kOut = k, fOut = f, n = r$n, powerAt20 = p))
})
writeLines(toJSON(out, auto_unbox = TRUE, digits = NA, pretty = TRUE), "r-fixture.json")
