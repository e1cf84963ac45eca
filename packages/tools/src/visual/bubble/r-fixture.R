# Regenerates r-fixture.json beside it (run from this folder): Rscript r-fixture.R
# The bubble example: complete rows, cor.test of x and y, group means, and bubble diameters
# 40 * sqrt(size / max(size)) (area proportional, as ggplot2::scale_size_area).
library(jsonlite)
d <- read.csv("../../examples/bubble.csv", check.names = FALSE, fileEncoding = "UTF-8")
x <- d[complete.cases(d[, c("人均GDP万元", "糖尿病患病率", "常住人口百万", "地区")]), ]
ct <- cor.test(x$人均GDP万元, x$糖尿病患病率)
m <- aggregate(x[, c("人均GDP万元", "糖尿病患病率", "常住人口百万")], list(g = x$地区), mean)
out <- list(n = nrow(x), r = unname(ct$estimate), p = ct$p.value, lower = ct$conf.int[1], upper = ct$conf.int[2],
            groups = m$g, meanX = m[[2]], meanY = m[[3]], meanSize = m[[4]],
            names = x$省份, diameter = pmax(2, 40 * sqrt(x$常住人口百万 / max(x$常住人口百万))))
writeLines(toJSON(out, digits = NA, auto_unbox = TRUE), "r-fixture.json")
