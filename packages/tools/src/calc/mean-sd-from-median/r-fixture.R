# Regenerates r-fixture.json beside it (run from this folder): Rscript r-fixture.R
# Mean and SD from the median with the range (S1), the IQR (S2) or both (S3).
# Wan X, Wang W, Liu J, Tong T. BMC Med Res Methodol 2014;14:135 (means in the Hozo/Bland forms; SDs
# (b-a)/xi(n), (q3-q1)/eta(n) and, with both, the average of the two parts).
# Luo D, Wan X, Liu J, Tong T. Stat Methods Med Res 2018;27(6):1785-1805 (weighted means).
library(jsonlite)
xi <- function(n) 2 * qnorm((n - 0.375) / (n + 0.25))
eta <- function(n) 2 * qnorm((0.75 * n - 0.125) / (n + 0.25))
est <- function(n, a = NA, q1 = NA, m, q3 = NA, b = NA) {
  s <- if (!is.na(a) && !is.na(q1)) "S3" else if (!is.na(a)) "S1" else "S2"
  wan <- switch(s, S1 = (a + 2 * m + b) / 4, S2 = (q1 + m + q3) / 3, S3 = (a + 2 * q1 + 2 * m + 2 * q3 + b) / 8)
  luo <- switch(s,
    S1 = { w <- 4 / (4 + n^0.75); w * (a + b) / 2 + (1 - w) * m },
    S2 = { w <- 0.7 + 0.39 / n; w * (q1 + q3) / 2 + (1 - w) * m },
    S3 = { w1 <- 2.2 / (2.2 + n^0.75); w2 <- 0.7 - 0.72 / n^0.55
           w1 * (a + b) / 2 + w2 * (q1 + q3) / 2 + (1 - w1 - w2) * m })
  sd <- switch(s, S1 = (b - a) / xi(n), S2 = (q3 - q1) / eta(n), S3 = (b - a) / (2 * xi(n)) + (q3 - q1) / (2 * eta(n)))
  list(n = n, min = a, q1 = q1, median = m, q3 = q3, max = b, scenario = s, meanWan = wan, meanLuo = luo, sd = sd)
}
out <- list(
  est(40, a = 12, m = 25, b = 61),
  est(65, q1 = 18, m = 24, q3 = 33),
  est(120, a = 10, q1 = 19, m = 26, q3 = 35, b = 70),
  est(7, a = 1.2, m = 3.4, b = 9.9),
  est(15, q1 = -2.5, m = 0.4, q3 = 1.1),
  est(1000, a = 150, q1 = 210, m = 238, q3 = 260, b = 420)
)
writeLines(toJSON(out, auto_unbox = TRUE, digits = NA, pretty = TRUE, na = "null"), "r-fixture.json")
