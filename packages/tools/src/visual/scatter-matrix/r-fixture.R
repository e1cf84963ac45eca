# Regenerates r-fixture.json beside it (run from this folder): Rscript r-fixture.R
# The scatter-matrix example: hist() breaks and counts of each variable (Sturges, pretty), and
# cor.test of every pair (pairwise-complete; Spearman with exact = FALSE). Also pretty() on ranges
# that exercise its branches.
library(jsonlite)
d <- read.csv("../../examples/scatter-matrix.csv", check.names = FALSE, fileEncoding = "UTF-8")
v <- c("年龄", "BMI", "腰围", "收缩压", "空腹血糖", "甘油三酯")
h <- lapply(v, function(n) { x <- hist(d[[n]], plot = FALSE); list(breaks = x$breaks, counts = x$counts) }); names(h) <- v
cors <- list()
for (i in 1:5) for (j in (i + 1):6) for (m in c("pearson", "spearman")) {
  t <- suppressWarnings(cor.test(d[[v[i]]], d[[v[j]]], method = m, exact = FALSE))
  cors[[length(cors) + 1]] <- list(a = v[i], b = v[j], method = m, r = unname(t$estimate), p = t$p.value)
}
pr <- list(list(lo = 0.49, up = 5.27, n = 9), list(lo = -3.2, up = 0.7, n = 8), list(lo = 1001, up = 1002.5, n = 11), list(lo = 0, up = 1e-6, n = 5), list(lo = 5, up = 5, n = 3), list(lo = -150, up = 2300, n = 13))
pr <- lapply(pr, function(a) c(a, list(breaks = pretty(c(a$lo, a$up), a$n))))
writeLines(toJSON(list(vars = v, hist = h, cor = cors, pretty = pr), digits = NA, auto_unbox = TRUE), "r-fixture.json")
