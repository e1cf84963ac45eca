# Regenerates r-fixture.json beside it (run from this folder): Rscript r-fixture.R
# Pearson correlation against 0: pwr::pwr.r.test (Cohen 1988, ch. 3, with the bias-corrected
# Fisher z of the pwr package).
library(jsonlite)
library(pwr)
cases <- list(
  list(r = 0.3, sig = 0.05, power = 0.8, alt = "two.sided"),
  list(r = 0.5, sig = 0.05, power = 0.9, alt = "two.sided"),
  list(r = 0.2, sig = 0.05, power = 0.8, alt = "greater"),
  list(r = 0.15, sig = 0.01, power = 0.95, alt = "two.sided")
)
out <- lapply(cases, function(c) {
  n <- pwr.r.test(r = c$r, sig.level = c$sig, power = c$power, alternative = c$alt)$n
  p <- pwr.r.test(n = 50, r = c$r, sig.level = c$sig, alternative = c$alt)$power
  c(c, list(n = n, powerAt50 = p))
})
writeLines(toJSON(out, auto_unbox = TRUE, digits = NA, pretty = TRUE), "r-fixture.json")
