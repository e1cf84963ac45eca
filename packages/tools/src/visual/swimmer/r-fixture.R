# Regenerates r-fixture.json beside it (run from this folder): Rscript r-fixture.R
# Swimmer plot of the example trial: type-7 quartiles of the lane lengths (治疗时长), per group and
# overall, responders and their median time to response, progressions, deaths, patients on treatment.
library(jsonlite)
d <- read.csv("../../examples/io-trial.csv", check.names = FALSE, fileEncoding = "UTF-8")
dur <- d$`治疗时长(月)`; rt <- d$`缓解时间(月)`
summ <- function(x) list(n = nrow(x), q = unname(quantile(x$`治疗时长(月)`, c(0.25, 0.5, 0.75))),
  responders = sum(!is.na(x$`缓解时间(月)`)), ttr = median(x$`缓解时间(月)`, na.rm = TRUE))
write_json(list(
  all = summ(d), groups = lapply(split(d, d$组别), summ),
  progressions = sum(!is.na(d$`进展时间(月)`)), deaths = sum(!is.na(d$`死亡时间(月)`)), ongoing = sum(d$仍在治疗 == "是"),
  respondersWithoutProgression = sum(!is.na(rt) & is.na(d$`进展时间(月)`) & is.na(d$`死亡时间(月)`))
), "r-fixture.json", digits = NA, auto_unbox = TRUE, pretty = TRUE)
