# Regenerates r-fixture.json beside it (run from this folder): Rscript r-fixture.R
# Volcano classes of the example at several thresholds (up: log2FC >= c and P < a; down: log2FC <= -c
# and P < a; rows missing either dropped) and the 10 most significant features (P, then |log2FC|).
library(jsonlite)
d <- read.csv("../../examples/volcano.csv", check.names = FALSE, fileEncoding = "UTF-8")
d <- d[complete.cases(d[, c("log2FC", "P值")]), ]
one <- function(fc, a) {
  up <- d$log2FC >= fc & d$P值 < a & d$log2FC != 0; down <- d$log2FC <= -fc & d$P值 < a & d$log2FC != 0
  s <- d[up | down, ]; s <- s[order(s$P值, -abs(s$log2FC)), ]
  list(fcCut = fc, pCut = a, n = nrow(d), up = sum(up), down = sum(down), ns = sum(!(up | down)), top = head(s$基因, 10), topY = head(-log10(s$P值), 10))
}
writeLines(toJSON(list(one(1, 0.05), one(1.5, 0.01), one(0, 0.001), one(2, 1e-6)), digits = NA, auto_unbox = TRUE), "r-fixture.json")
