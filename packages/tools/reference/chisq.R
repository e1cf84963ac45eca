# Reference values for the extended 卡方检验 tool (packages/tools/src/med/chisq/run.test.ts):
# G² (written out as MASS::loglm / DescTools::GTest compute it), Pearson and standardized residuals
# (chisq.test()$residuals, $stdres), weighted input (a frequency column) and Fisher's exact test on
# an R×C table. Run from this folder: Rscript chisq.R
options(digits = 15)
d <- read.csv("../src/examples/hypertension-trial.csv", fileEncoding = "UTF-8")
p <- function(label, x) cat(label, format(x, digits = 15), "\n")
gtest <- function(m) {
  e <- outer(rowSums(m), colSums(m)) / sum(m)
  g <- 2 * sum(ifelse(m > 0, m * log(m / e), 0))
  df <- (nrow(m) - 1) * (ncol(m) - 1)
  c(G2 = g, df = df, p = pchisq(g, df, lower.tail = FALSE))
}

cat("== example: 组别 x 疗效\n")
tab <- table(d$组别, d$疗效)
p("G2 df p", gtest(unclass(tab)))
ct <- chisq.test(tab, correct = FALSE)
p("residuals (row-major)", as.vector(t(unclass(ct$residuals))))
p("stdres (row-major)", as.vector(t(unclass(ct$stdres))))

cat("== weighted 3x4 (rows 分期 I/II/III, columns 病理 A/B/C/D), same as the long form\n")
m <- matrix(c(10, 3, 2, 1, 4, 8, 3, 2, 1, 2, 9, 5), 3, byrow = TRUE)
p("pearson X2 df p", unlist(chisq.test(m)[c("statistic", "parameter", "p.value")]))
p("G2 df p", gtest(m))
p("fisher p", fisher.test(m)$p.value)
p("stdres (row-major)", as.vector(t(chisq.test(m)$stdres)))

cat("== 5x5 sparse-ish table beyond the exact budget: the exact p the Monte Carlo interval must hold\n")
big <- matrix(c(5, 3, 2, 1, 0, 2, 6, 3, 2, 1, 1, 2, 7, 3, 2, 0, 1, 3, 8, 4, 1, 0, 2, 3, 9), 5, byrow = TRUE)
p("fisher exact p", fisher.test(big, workspace = 2e7)$p.value)
