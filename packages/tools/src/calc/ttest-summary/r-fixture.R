# Regenerates r-fixture.json beside it (run from this folder): Rscript r-fixture.R
# Two samples are built to have exactly the typed mean, SD and n (m + s·scale(z)), then t.test
# (Student and Welch) and var.test give the reference numbers. Cohen's d = diff/pooled SD, its CI
# from the noncentral t (uniroot on pt(t, df, ncp)), Hedges' g with the exact gamma correction.
library(jsonlite)
set.seed(19)
cases <- list(
  list(m1 = 12.4, s1 = 3.1, n1 = 30, m2 = 10.2, s2 = 2.8, n2 = 28, level = 0.95),
  list(m1 = 5.1, s1 = 1.2, n1 = 8, m2 = 6.9, s2 = 3.4, n2 = 15, level = 0.95),
  list(m1 = 100, s1 = 15, n1 = 50, m2 = 98.5, s2 = 14, n2 = 60, level = 0.90)
)
make <- function(m, s, n) m + s * as.numeric(scale(rnorm(n)))
out <- lapply(cases, function(k) {
  with(k, {
    x <- make(m1, s1, n1); y <- make(m2, s2, n2)
    st <- t.test(x, y, var.equal = TRUE, conf.level = level)
    we <- t.test(x, y, var.equal = FALSE, conf.level = level)
    vt <- var.test(x, y)
    df <- n1 + n2 - 2
    sp <- sqrt(((n1 - 1) * s1^2 + (n2 - 1) * s2^2) / df)
    d <- (m1 - m2) / sp
    tt <- unname(st$statistic); a <- (1 - level) / 2
    ncp <- function(p) uniroot(function(q) pt(tt, df, q) - p, c(tt - 20, tt + 20), tol = 1e-12)$root
    f <- sqrt(1 / n1 + 1 / n2)
    J <- exp(lgamma(df / 2) - log(sqrt(df / 2)) - lgamma((df - 1) / 2))
    c(k, list(
      t = tt, df = unname(st$parameter), p = st$p.value, ci = as.numeric(st$conf.int),
      welchT = unname(we$statistic), welchDf = unname(we$parameter), welchP = we$p.value, welchCi = as.numeric(we$conf.int),
      f = unname(vt$statistic), fP = vt$p.value,
      d = d, dCi = c(ncp(1 - a), ncp(a)) * f, g = d * J))
  })
})
writeLines(toJSON(out, auto_unbox = TRUE, digits = NA, pretty = TRUE), "r-fixture.json")
