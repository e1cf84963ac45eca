# Regenerates r-fixture.json beside it (run from this folder): Rscript r-fixture.R
# Group means and SDs of the radar example (rows with a missing indicator dropped), and the means of
# the range-scaled (observed min-max of all rows to 0-1) and z-scored indicators.
library(jsonlite)
d <- read.csv("../../examples/radar.csv", check.names = FALSE, fileEncoding = "UTF-8")
v <- c("生理功能", "生理职能", "躯体疼痛", "总体健康", "活力", "社会功能", "情感职能", "精神健康")
x <- d[complete.cases(d[, c(v, "组别")]), ]
rng <- as.data.frame(lapply(x[v], function(c) (c - min(c)) / (max(c) - min(c))))
z <- as.data.frame(scale(x[v]))
agg <- function(m, f) { a <- aggregate(m, list(g = x$组别), f); rownames(a) <- a$g; as.list(as.data.frame(t(a[, -1]))) }
out <- list(vars = v, n = nrow(x), mean = agg(x[v], mean), sd = agg(x[v], sd), range = agg(rng, mean), z = agg(z, mean))
writeLines(toJSON(out, digits = NA, auto_unbox = TRUE), "r-fixture.json")
