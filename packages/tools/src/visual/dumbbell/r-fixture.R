# Regenerates r-fixture.json beside it (run from this folder): Rscript r-fixture.R
# Dumbbell of the example hospitals: differences 2023 − 2019 over the complete rows and their paired
# t test, t.test(second, first, paired = TRUE).
library(jsonlite)
d <- read.csv("../../examples/hospital-antibiotics.csv", check.names = FALSE, fileEncoding = "UTF-8")
x <- d[complete.cases(d[, 3:4]), ]
a <- x$`2019年抗菌药物使用率(%)`; b <- x$`2023年抗菌药物使用率(%)`
t <- t.test(b, a, paired = TRUE)
dd <- b - a
write_json(list(n = nrow(x), mean = unname(t$estimate), ci = t$conf.int[1:2], t = unname(t$statistic), df = unname(t$parameter), p = t$p.value,
  increased = sum(dd > 0), decreased = sum(dd < 0), top = x$医院[which.max(dd)], bottom = x$医院[which.min(dd)]),
  "r-fixture.json", digits = NA, auto_unbox = TRUE, pretty = TRUE)
