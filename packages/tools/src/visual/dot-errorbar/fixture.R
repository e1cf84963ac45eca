# Reference numbers of the 点图（误差线） tests: Rscript fixture.R (from this folder) rewrites fixture.json.
d <- read.csv("../../examples/dot-errorbar.csv", encoding = "UTF-8")
x <- d[!is.na(d$HbA1c降幅) & d$研究中心 != "", ]
med_ci <- function(v, level) { v <- sort(v); n <- length(v); k <- qbinom((1 - level) / 2, n, 0.5)
  list(n = n, median = median(v), lower = v[k], upper = v[n - k + 1], coverage = 1 - 2 * pbinom(k - 1, n, 0.5)) }
mean_ci <- function(v, level) { ci <- t.test(v, conf.level = level)$conf.int; list(n = length(v), mean = mean(v), lower = ci[1], upper = ci[2]) }
out <- list(mean = lapply(split(x$HbA1c降幅, x$研究中心), mean_ci, level = 0.95),
  median = lapply(split(x$HbA1c降幅, x$研究中心), med_ci, level = 0.9),
  overallMean = mean_ci(x$HbA1c降幅, 0.95), overallMedian = med_ci(x$HbA1c降幅, 0.9),
  small = med_ci(c(5.2, 3.1, 4.4, 6.0, 2.9, 3.8, 4.9, 5.5), 0.95))
writeLines(jsonlite::toJSON(out, digits = NA, auto_unbox = TRUE), "fixture.json")
