# Reference numbers of the 折线图（误差线） tests: Rscript fixture.R (from this folder) rewrites fixture.json.
d <- read.csv("../../examples/line-errorbar.csv", encoding = "UTF-8")
x <- d[complete.cases(d[, c("组别", "随访周", "收缩压")]) & d$组别 != "", ]
cells <- split(x$收缩压, list(x$组别, x$随访周), sep = ".")
s <- lapply(cells, function(v) { ci <- t.test(v, conf.level = 0.9)$conf.int; list(n = length(v), mean = mean(v), sd = sd(v), se = sd(v) / sqrt(length(v)), ciLower90 = ci[1], ciUpper90 = ci[2]) })
all <- lapply(split(x$收缩压, x$随访周), function(v) list(n = length(v), mean = mean(v), sd = sd(v)))
writeLines(jsonlite::toJSON(list(cells = s, ungrouped = all), digits = NA, auto_unbox = TRUE), "fixture.json")
