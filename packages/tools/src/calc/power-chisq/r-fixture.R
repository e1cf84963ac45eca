# Regenerates r-fixture.json beside it (run from this folder): Rscript r-fixture.R
# χ² tests: pwr::pwr.chisq.test; w from two proportion vectors by pwr::ES.w1 (goodness of fit) or,
# for two equal groups' distributions over C categories, pwr::ES.w2 of the 2×C joint proportions.
library(jsonlite)
library(pwr)
cases <- list(
  list(mode = "gof", a = c(0.25, 0.25, 0.25, 0.25), b = c(0.35, 0.25, 0.2, 0.2), sig = 0.05, power = 0.9),
  list(mode = "gof", a = c(0.5, 0.3, 0.2), b = c(0.4, 0.35, 0.25), sig = 0.01, power = 0.8),
  list(mode = "two-groups", a = c(0.2, 0.5, 0.3), b = c(0.35, 0.45, 0.2), sig = 0.05, power = 0.8),
  list(mode = "w", w = 0.3, df = 2, sig = 0.05, power = 0.8),
  list(mode = "w", w = 0.1, df = 5, sig = 0.05, power = 0.9)
)
out <- lapply(cases, function(c) {
  if (c$mode == "gof") { w <- ES.w1(c$a, c$b); df <- length(c$a) - 1 }
  if (c$mode == "two-groups") { w <- ES.w2(cbind(c$a, c$b) / 2); df <- length(c$a) - 1 }
  if (c$mode == "w") { w <- c$w; df <- c$df }
  n <- pwr.chisq.test(w = w, df = df, sig.level = c$sig, power = c$power)$N
  p <- pwr.chisq.test(w = w, N = 100, df = df, sig.level = c$sig)$power
  c(c, list(wOut = w, dfOut = df, N = n, powerAt100 = p))
})
writeLines(toJSON(out, auto_unbox = TRUE, digits = NA, pretty = TRUE), "r-fixture.json")
