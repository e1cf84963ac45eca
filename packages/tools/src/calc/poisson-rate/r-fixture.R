# Regenerates r-fixture.json beside it (run from this folder): Rscript r-fixture.R
# Exact Poisson CI of one rate (poisson.test(x, T)); rate ratio of two rates with its exact
# conditional CI and p (poisson.test(c(x1, x2), c(t1, t2))); rate difference with the Wald CI.
library(jsonlite)
cases <- list(
  list(x1 = 18, t1 = 2450, x2 = 9, t2 = 2980, level = 0.95),
  list(x1 = 0, t1 = 120.5, x2 = 4, t2 = 98, level = 0.95),
  list(x1 = 57, t1 = 10000, x2 = 41, t2 = 9500, level = 0.90)
)
out <- lapply(cases, function(k) {
  with(k, {
    a <- poisson.test(x1, t1, conf.level = level)
    b <- poisson.test(x2, t2, conf.level = level)
    r <- poisson.test(c(x1, x2), c(t1, t2), conf.level = level)
    z <- qnorm(1 - (1 - level) / 2)
    rd <- x1 / t1 - x2 / t2; se <- sqrt(x1 / t1^2 + x2 / t2^2)
    c(k, list(rate1 = unname(a$estimate), rate1Ci = as.numeric(a$conf.int),
              rate2 = unname(b$estimate), rate2Ci = as.numeric(b$conf.int),
              ratio = unname(r$estimate), ratioCi = as.numeric(r$conf.int), p = r$p.value,
              rd = rd, rdCi = rd + c(-1, 1) * z * se))
  })
})
writeLines(toJSON(out, auto_unbox = TRUE, digits = NA, pretty = TRUE), "r-fixture.json")
