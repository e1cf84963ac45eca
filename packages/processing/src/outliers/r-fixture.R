# Regenerates r-fixture.json: IQR fences from R's quantile() (type 7, k = 1.5) and the |z| > 3 rule
# with mean and sd as scale() uses them, with the counts below and above. Run: Rscript r-fixture.R
x <- c(5.1, 4.8, 5.6, 6.0, 5.3, 4.9, 5.5, 5.2, 12.4, 5.0, 5.7, 5.4, 1.2, 5.8, 5.3, 5.1, 4.7, 5.9, 5.5, 5.2, 30.0)
q <- unname(quantile(x, c(0.25, 0.75)))
iqr <- q[2] - q[1]
lo <- q[1] - 1.5 * iqr
hi <- q[2] + 1.5 * iqr
m <- mean(x); s <- sd(x)
zlo <- m - 3 * s; zhi <- m + 3 * s
f <- function(v) paste(sprintf("%.17g", v), collapse = ", ")
writeLines(sprintf('{\n  "x": [%s],\n  "iqr": { "lower": %.17g, "upper": %.17g, "below": %d, "above": %d },\n  "z": { "lower": %.17g, "upper": %.17g, "below": %d, "above": %d }\n}\n',
  f(x), lo, hi, sum(x < lo), sum(x > hi), zlo, zhi, sum(x < zlo), sum(x > zhi)), "r-fixture.json", sep = "")
