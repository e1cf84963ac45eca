# Regenerates r-fixture.json beside it (run from this folder): Rscript r-fixture.R
# Waterfall of the example trial: best-response counts from 最佳疗效, ORR and DCR over all patients
# with Clopper-Pearson CIs (binom.test), and type-7 quartiles of the plotted best changes.
library(jsonlite)
d <- read.csv("../../examples/io-trial.csv", check.names = FALSE, fileEncoding = "UTF-8")
r <- factor(d$最佳疗效, levels = c("CR", "PR", "SD", "PD", "NE"))
n <- nrow(d)
orr <- sum(r %in% c("CR", "PR")); dcr <- sum(r %in% c("CR", "PR", "SD"))
ch <- d$`最佳肿瘤变化率(%)`
# Categories from the change alone (the tool without a response column)
chg <- ch[!is.na(ch)]
fromChange <- ifelse(chg <= -100, "CR", ifelse(chg <= -30, "PR", ifelse(chg >= 20, "PD", "SD")))
write_json(list(
  counts = as.list(table(r)), n = n,
  orr = orr / n, orrCi = binom.test(orr, n)$conf.int[1:2],
  dcr = dcr / n, dcrCi = binom.test(dcr, n)$conf.int[1:2],
  quartiles = unname(quantile(chg, c(0.25, 0.5, 0.75))),
  shrink30 = sum(chg <= -30),
  derivedCounts = as.list(table(factor(fromChange, levels = c("CR", "PR", "SD", "PD", "NE")))),
  derivedOrrCi = binom.test(sum(fromChange %in% c("CR", "PR")) , n)$conf.int[1:2]
), "r-fixture.json", digits = NA, auto_unbox = TRUE, pretty = TRUE)
