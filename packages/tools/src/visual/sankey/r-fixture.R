# Regenerates r-fixture.json beside it (run from this folder): Rscript r-fixture.R
# Sankey of the example (治疗方案 → 最佳疗效 → 十二个月状态, rows with a missing stage dropped): the
# counts of every stage, every flow between adjacent stages, and chisq.test (R defaults) of each pair.
library(jsonlite)
d <- read.csv("../../examples/sankey.csv", check.names = FALSE, fileEncoding = "UTF-8")
st <- c("治疗方案", "最佳疗效", "十二个月状态")
x <- d[complete.cases(d[, st]) & apply(d[, st] != "", 1, all), st]
lv <- lapply(x, function(v) unique(v))  # first appearance, as the tool orders categories
f <- lapply(st, function(s) factor(x[[s]], levels = lv[[s]]))
flows <- list(); tests <- list()
for (k in 1:2) {
  tab <- table(f[[k]], f[[k + 1]])
  for (i in rownames(tab)) for (j in colnames(tab)) if (tab[i, j] > 0)
    flows[[length(flows) + 1]] <- list(stage = k, from = i, to = j, count = tab[i, j])
  ct <- suppressWarnings(chisq.test(tab))
  tests[[k]] <- list(statistic = unname(ct$statistic), df = unname(ct$parameter), p = ct$p.value,
    cramersV = sqrt(unname(chisq.test(tab, correct = FALSE)$statistic) / (sum(tab) * (min(dim(tab)) - 1))))
}
write_json(list(n = nrow(x), levels = lv, counts = lapply(f, function(v) as.list(table(v))), flows = flows, tests = tests),
  "r-fixture.json", digits = NA, auto_unbox = TRUE, pretty = TRUE)
