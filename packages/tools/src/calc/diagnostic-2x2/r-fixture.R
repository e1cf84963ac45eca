# Regenerates r-fixture.json beside it (run from this folder): Rscript r-fixture.R
# Clopper–Pearson from binom.test, Wilson from prop.test(correct = FALSE); likelihood ratios with the
# log-method CI of Simel, Samsa & Matchar (1991), written out as published.
library(jsonlite)
cases <- list(
  list(tp = 90, fp = 15, fn = 10, tn = 185, method = "clopper-pearson", level = 0.95),
  list(tp = 231, fp = 32, fn = 27, tn = 54, method = "wilson", level = 0.95),
  list(tp = 12, fp = 0, fn = 3, tn = 40, method = "clopper-pearson", level = 0.90)
)
ci <- function(x, n, method, level) {
  if (method == "clopper-pearson") as.numeric(binom.test(x, n, conf.level = level)$conf.int)
  else as.numeric(prop.test(x, n, conf.level = level, correct = FALSE)$conf.int)
}
est <- function(x, n, k) list(estimate = x / n, lower = ci(x, n, k$method, k$level)[1], upper = ci(x, n, k$method, k$level)[2])
lr <- function(value, v, level) {
  z <- qnorm(1 - (1 - level) / 2)
  list(estimate = value, lower = value * exp(-z * sqrt(v)), upper = value * exp(z * sqrt(v)))
}
out <- lapply(cases, function(k) {
  with(k, {
    sens <- tp / (tp + fn); spec <- tn / (fp + tn)
    c(k, list(
      sensitivity = est(tp, tp + fn, k), specificity = est(tn, fp + tn, k),
      ppv = est(tp, tp + fp, k), npv = est(tn, tn + fn, k),
      accuracy = est(tp + tn, tp + fp + fn + tn, k), prevalence = est(tp + fn, tp + fp + fn + tn, k),
      lrPositive = if (fp == 0 || tp == 0) NULL else lr(sens / (1 - spec), 1/tp - 1/(tp + fn) + 1/fp - 1/(fp + tn), level),
      lrNegative = if (fn == 0 || tn == 0) NULL else lr((1 - sens) / spec, 1/fn - 1/(tp + fn) + 1/tn - 1/(fp + tn), level),
      youden = sens + spec - 1))
  })
})
writeLines(toJSON(out, auto_unbox = TRUE, digits = NA, pretty = TRUE, null = "null"), "r-fixture.json")
