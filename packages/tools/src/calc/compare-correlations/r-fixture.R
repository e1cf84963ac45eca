# Regenerates r-fixture.json beside it (run from this folder): Rscript r-fixture.R
# Two independent correlations by Fisher's z: z and p from psych::r.test; each r's CI as
# cor.test computes it (tanh(atanh(r) ± z/√(n − 3))); the CI of r1 − r2 by Zou (2007); Cohen's q.
suppressPackageStartupMessages({ library(jsonlite); library(psych) })
cases <- list(
  list(r1 = 0.62, n1 = 85, r2 = 0.35, n2 = 92, level = 0.95),
  list(r1 = -0.2, n1 = 30, r2 = 0.25, n2 = 40, level = 0.95),
  list(r1 = 0.5, n1 = 200, r2 = 0.45, n2 = 150, level = 0.90)
)
out <- lapply(cases, function(k) {
  with(k, {
    q <- qnorm(1 - (1 - level) / 2)
    ci <- function(r, n) tanh(atanh(r) + c(-1, 1) * q / sqrt(n - 3))
    t <- r.test(n = n1, r12 = r1, r34 = r2, n2 = n2)
    a <- ci(r1, n1); b <- ci(r2, n2)
    zou <- c(r1 - r2 - sqrt((r1 - a[1])^2 + (b[2] - r2)^2), r1 - r2 + sqrt((a[2] - r1)^2 + (r2 - b[1])^2))
    c(k, list(z = t$z, p = t$p, ci1 = a, ci2 = b, diffCi = zou, q = atanh(r1) - atanh(r2)))
  })
})
writeLines(toJSON(out, auto_unbox = TRUE, digits = NA, pretty = TRUE), "r-fixture.json")
