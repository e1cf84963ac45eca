# Regenerates r-fixture.json beside it (run from this folder): Rscript r-fixture.R
# P values from a test statistic with R's distribution functions (pnorm, pt, pchisq, pf).
library(jsonlite)
p_of <- function(dist, x, df1, df2, tail) {
  switch(dist,
    z = switch(tail, two = 2 * pnorm(-abs(x)), upper = pnorm(x, lower.tail = FALSE), lower = pnorm(x)),
    t = switch(tail, two = 2 * pt(-abs(x), df1), upper = pt(x, df1, lower.tail = FALSE), lower = pt(x, df1)),
    chisq = pchisq(x, df1, lower.tail = FALSE),
    f = pf(x, df1, df2, lower.tail = FALSE))
}
cases <- list(
  list(dist = "z", x = 1.96, df1 = 0, df2 = 0, tail = "two"),
  list(dist = "z", x = -2.5, df1 = 0, df2 = 0, tail = "lower"),
  list(dist = "z", x = 1.2, df1 = 0, df2 = 0, tail = "upper"),
  list(dist = "z", x = 6.3, df1 = 0, df2 = 0, tail = "two"),
  list(dist = "t", x = 2.1, df1 = 20, df2 = 0, tail = "two"),
  list(dist = "t", x = -1.3, df1 = 12.7, df2 = 0, tail = "two"),
  list(dist = "t", x = 3.2, df1 = 1, df2 = 0, tail = "upper"),
  list(dist = "t", x = -0.4, df1 = 5, df2 = 0, tail = "lower"),
  list(dist = "t", x = 8.5, df1 = 150, df2 = 0, tail = "two"),
  list(dist = "chisq", x = 3.84, df1 = 1, df2 = 0, tail = "two"),
  list(dist = "chisq", x = 25.3, df1 = 10, df2 = 0, tail = "two"),
  list(dist = "chisq", x = 0.05, df1 = 2, df2 = 0, tail = "two"),
  list(dist = "f", x = 3.1, df1 = 3, df2 = 20, tail = "two"),
  list(dist = "f", x = 11.2, df1 = 1, df2 = 1000, tail = "two"),
  list(dist = "f", x = 0.8, df1 = 4.5, df2 = 30.2, tail = "two")
)
out <- lapply(cases, function(k) c(k, list(p = p_of(k$dist, k$x, k$df1, k$df2, k$tail))))
writeLines(toJSON(out, auto_unbox = TRUE, digits = NA, pretty = TRUE), "r-fixture.json")
