# Reference numbers of the 山脊图 tests: Rscript fixture.R (from this folder) rewrites fixture.json.
d <- read.csv("../../examples/ridgeline.csv", encoding = "UTF-8")
d <- d[!is.na(d$收缩压) & d$年龄组 != "", ]
lv <- sort(unique(d$年龄组))
s <- split(d$收缩压, factor(d$年龄组, lv))
out <- list(groups = lv, bw = sapply(s, bw.nrd0, USE.NAMES = FALSE), median = sapply(s, median, USE.NAMES = FALSE), n = sapply(s, length, USE.NAMES = FALSE))
writeLines(jsonlite::toJSON(out, digits = NA, auto_unbox = TRUE), "fixture.json")
