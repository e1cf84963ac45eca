# Reference numbers of the 小提琴图 tests: Rscript fixture.R (from this folder) rewrites fixture.json.
d <- read.csv("../../examples/violin.csv", encoding = "UTF-8")
x <- data.frame(y = d$术后第3天CRP, g = d$术式); x <- x[complete.cases(x) & x$g != "", ]
s <- split(x$y, x$g)
out <- list(groups = names(s), q = lapply(s, function(v) unname(quantile(v))), bw = sapply(s, bw.nrd0, USE.NAMES = FALSE),
  whisker = lapply(s, function(v) unname(boxplot.stats(v, coef = 1.5)$stats[c(1, 5)])))
names(out$q) <- NULL; names(out$whisker) <- NULL
writeLines(jsonlite::toJSON(out, digits = NA, auto_unbox = TRUE), "fixture.json")
