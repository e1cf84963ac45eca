# Regenerates r-fixture.json beside it (run from this folder): Rscript r-fixture.R
# Lollipop of the example hospitals: the 2023 rates sorted, their mean and type-7 quartiles, overall and
# by 医院等级; and the per-level mean and median when the items are the levels themselves (aggregate).
library(jsonlite)
d <- read.csv("../../examples/hospital-antibiotics.csv", check.names = FALSE, fileEncoding = "UTF-8")
x <- d[!is.na(d$`2023年抗菌药物使用率(%)`), ]
v <- x$`2023年抗菌药物使用率(%)`
o <- order(-v)
write_json(list(n = nrow(x), order = x$医院[o], mean = mean(v), q = unname(quantile(v, c(0.25, 0.5, 0.75))),
  groupMean = as.list(tapply(v, x$医院等级, mean)), groupMedian = as.list(tapply(v, x$医院等级, median)),
  groupN = as.list(table(x$医院等级))), "r-fixture.json", digits = NA, auto_unbox = TRUE, pretty = TRUE)
