# Regenerates r-fixture.json beside it (run from this folder): Rscript r-fixture.R
library(jsonlite)
cases <- list(
  list(type = "two.sample", delta = 5, sd = 10, sig = 0.05, power = 0.9, alt = "two.sided"),
  list(type = "paired", delta = 2.5, sd = 6, sig = 0.05, power = 0.8, alt = "two.sided"),
  list(type = "one.sample", delta = 1.2, sd = 3.1, sig = 0.01, power = 0.95, alt = "one.sided")
)
out <- lapply(cases, function(k) {
  r <- power.t.test(delta = k$delta, sd = k$sd, sig.level = k$sig, power = k$power, type = k$type, alternative = k$alt)
  p <- power.t.test(n = 30, delta = k$delta, sd = k$sd, sig.level = k$sig, type = k$type, alternative = k$alt)$power
  c(k, list(n = r$n, powerAt30 = p))
})
writeLines(toJSON(out, auto_unbox = TRUE, digits = NA, pretty = TRUE), "r-fixture.json")
