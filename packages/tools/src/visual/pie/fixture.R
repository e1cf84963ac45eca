# Reference numbers of the 饼图/环形图 tests: Rscript fixture.R (from this folder) rewrites fixture.json.
d <- read.csv("../../examples/pie.csv", encoding = "UTF-8")
v <- d$卒中类型[!is.na(d$卒中类型) & d$卒中类型 != ""]
tab <- sort(table(factor(v, levels = unique(v))), decreasing = TRUE)
ci <- sapply(tab, function(k) binom.test(k, length(v), conf.level = 0.9)$conf.int)
out <- list(categories = names(tab), count = unname(as.vector(tab)), percent = unname(as.vector(100 * tab / length(v))),
  ciLower90 = unname(100 * ci[1, ]), ciUpper90 = unname(100 * ci[2, ]), dataOrder = unique(v))
writeLines(jsonlite::toJSON(out, digits = NA, auto_unbox = TRUE), "fixture.json")
