# Regenerates r-fixture.json beside it (run from this folder): Rscript r-fixture.R
# Buderer (1996): subjects needed to estimate sensitivity and specificity within ±d (normal
# approximation); no installed package implements it, so the formulas are written out.
library(jsonlite)
cases <- list(
  list(se = 0.85, sp = 0.9, prev = 0.2, d = 0.05, level = 0.95),
  list(se = 0.9, sp = 0.7, prev = 0.6, d = 0.07, level = 0.95),
  list(se = 0.75, sp = 0.95, prev = 0.1, d = 0.1, level = 0.9)
)
out <- lapply(cases, function(c) {
  z <- qnorm(1 - (1 - c$level) / 2)
  tp_fn <- z^2 * c$se * (1 - c$se) / c$d^2   # diseased subjects needed
  tn_fp <- z^2 * c$sp * (1 - c$sp) / c$d^2   # non-diseased subjects needed
  nSe <- tp_fn / c$prev
  nSp <- tn_fp / (1 - c$prev)
  # Half-width reached for sensitivity with 300 subjects in all.
  hwSe300 <- z * sqrt(c$se * (1 - c$se) / (300 * c$prev))
  c(c, list(diseased = tp_fn, nonDiseased = tn_fp, nSe = nSe, nSp = nSp, n = max(nSe, nSp), hwSe300 = hwSe300))
})
writeLines(toJSON(out, auto_unbox = TRUE, digits = NA, pretty = TRUE), "r-fixture.json")
