# Regenerates r-fixture.json beside it (run from this folder): Rscript r-fixture.R
# Mosaic of the example: Lauren分型 (widths) × TNM分期 (heights), categories in order of first
# appearance; chisq.test(correct = FALSE) with its Pearson residuals and standardised residuals, as
# mosaicplot(shade = TRUE) shades them; and a 2×2 table (幽门螺杆菌 × 性别) the same way.
library(jsonlite)
d <- read.csv("../../examples/mosaic.csv", check.names = FALSE, fileEncoding = "UTF-8", na.strings = c("", "NA"))
one <- function(xn, yn) {
  x <- d[!is.na(d[[xn]]) & !is.na(d[[yn]]), ]
  tab <- table(factor(x[[yn]], levels = unique(x[[yn]])), factor(x[[xn]], levels = unique(x[[xn]])))
  ct <- chisq.test(tab, correct = FALSE)
  list(n = sum(tab), xLevels = colnames(tab), yLevels = rownames(tab), counts = unclass(tab),
    widths = unname(colSums(tab) / sum(tab)), statistic = unname(ct$statistic), df = unname(ct$parameter), p = ct$p.value,
    cramersV = sqrt(unname(ct$statistic) / (sum(tab) * (min(dim(tab)) - 1))), minExpected = min(ct$expected),
    residuals = unclass(ct$residuals), stdres = unclass(ct$stdres))
}
write_json(list(main = one("Lauren分型", "TNM分期"), twoByTwo = one("性别", "幽门螺杆菌")), "r-fixture.json", digits = NA, auto_unbox = TRUE, pretty = TRUE)
