# Reference numbers of the 分组/堆积柱状图 tests: Rscript fixture.R (from this folder) rewrites fixture.json.
d <- read.csv("../../examples/bar-grouped.csv", encoding = "UTF-8")
x <- d[d$病理分期 != "" & d$疗效 != "", ]
tab <- table(factor(x$病理分期, levels = unique(x$病理分期)), factor(x$疗效, levels = unique(x$疗效)))
ct <- suppressWarnings(chisq.test(tab))
sex <- d[d$性别 != "" & d$疗效 != "", ]
ct2 <- chisq.test(table(sex$性别, sex$疗效 == "疾病进展"))
out <- list(rows = rownames(tab), cols = colnames(tab), counts = matrix(as.vector(tab), nrow(tab)), percent = matrix(as.vector(100 * prop.table(tab, 1)), nrow(tab)),
  statistic = unname(ct$statistic), df = unname(ct$parameter), p = ct$p.value, minExpected = min(ct$expected),
  cramersV = sqrt(unname(ct$statistic) / (sum(tab) * (min(dim(tab)) - 1))),
  yatesStatistic = unname(ct2$statistic), yatesP = ct2$p.value)
writeLines(jsonlite::toJSON(out, digits = NA, auto_unbox = TRUE), "fixture.json")
