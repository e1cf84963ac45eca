# Regenerates r-fixture.json beside it (run from this folder): Rscript r-fixture.R
# Forest plot of the example subgroups: for each complete row, SE from the 95% CI on the log scale,
# SE = (log(upper) - log(lower)) / (2 * qnorm(0.975)), and the Wald P = 2 * pnorm(-|log(HR)| / SE);
# weights as shares of the summed 例数 of the drawn rows.
library(jsonlite)
d <- read.csv("../../examples/subgroup-forest.csv", check.names = FALSE, fileEncoding = "UTF-8")
ok <- with(d, !is.na(HR) & !is.na(`95%CI下限`) & !is.na(`95%CI上限`))
x <- d[ok, ]
se <- (log(x$`95%CI上限`) - log(x$`95%CI下限`)) / (2 * qnorm(0.975))
p <- 2 * pnorm(-abs(log(x$HR)) / se)
out <- data.frame(label = x$亚组, se = se, pDerived = p, pGiven = x$P值, weightPct = 100 * x$例数 / sum(x$例数))
write_json(list(rows = out, drawn = nrow(x), excluded = sum(!ok), belowReference = sum(x$`95%CI上限` < 1), aboveReference = sum(x$`95%CI下限` > 1)), "r-fixture.json", digits = NA, auto_unbox = TRUE, pretty = TRUE, na = "null")
