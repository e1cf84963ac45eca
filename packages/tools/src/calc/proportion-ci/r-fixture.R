# Regenerates r-fixture.json beside it (run from this folder): Rscript r-fixture.R
# One proportion x/n: Clopper–Pearson and the exact test from binom.test, Wilson from
# prop.test(correct = FALSE), Wilson with continuity correction from prop.test(correct = TRUE),
# Agresti–Coull and Wald written out as published (truncated to [0, 1]).
library(jsonlite)
cases <- list(
  list(x = 36, n = 120, level = 0.95, p0 = 0.5),
  list(x = 0, n = 25, level = 0.95, p0 = 0.1),
  list(x = 19, n = 20, level = 0.90, p0 = 0.8),
  list(x = 1, n = 1000, level = 0.99, p0 = 0.005)
)
out <- lapply(cases, function(k) {
  with(k, {
    z <- qnorm(1 - (1 - level) / 2); p <- x / n
    nt <- n + z^2; pt <- (x + z^2 / 2) / nt
    clamp <- function(v) pmin(1, pmax(0, v))
    c(k, list(
      estimate = p,
      clopperPearson = as.numeric(binom.test(x, n, conf.level = level)$conf.int),
      wilson = as.numeric(prop.test(x, n, conf.level = level, correct = FALSE)$conf.int),
      wilsonCc = as.numeric(prop.test(x, n, conf.level = level, correct = TRUE)$conf.int),
      agrestiCoull = clamp(pt + c(-1, 1) * z * sqrt(pt * (1 - pt) / nt)),
      wald = clamp(p + c(-1, 1) * z * sqrt(p * (1 - p) / n)),
      binomP = binom.test(x, n, p = p0)$p.value))
  })
})
writeLines(toJSON(out, auto_unbox = TRUE, digits = NA, pretty = TRUE), "r-fixture.json")
