# Example data of the CFA tool (验证性因子分析, tool 6016): a patient-experience questionnaire,
# 3 correlated factors × 4 five-point Likert items, n = 320 outpatients. 沟通3 also leans on 环境
# (a small cross-loading) and 沟通1/沟通2 share some residual variance, so the modification indices
# have something to find. Run from packages/tools: Rscript reference/cfa-survey-data.R
set.seed(20261123)
n <- 320
Phi <- matrix(c(1, 0.55, 0.60,
                0.55, 1, 0.45,
                0.60, 0.45, 1), 3)
f <- matrix(rnorm(n * 3), n) %*% chol(Phi)
shared <- rnorm(n)
lik <- function(z) as.integer(cut(z, c(-Inf, -1.6, -0.6, 0.35, 1.25, Inf)))
item <- function(l, k, extra = 0) lik(l * f[, k] + extra + rnorm(n, 0, sqrt(max(1 - l^2, 0.15))))
d <- data.frame(编号 = sprintf("P%03d", 1:n),
                性别 = sample(c("男", "女"), n, replace = TRUE),
                年龄 = round(pmin(pmax(rnorm(n, 48, 14), 18), 85)), check.names = FALSE)
d$沟通1 <- item(0.75, 1, 0.35 * shared)
d$沟通2 <- item(0.70, 1, 0.35 * shared)
d$沟通3 <- item(0.60, 1, 0.30 * f[, 2])
d$沟通4 <- item(0.72, 1)
d$环境1 <- item(0.70, 2)
d$环境2 <- item(0.65, 2)
d$环境3 <- item(0.78, 2)
d$环境4 <- item(0.60, 2)
d$满意度1 <- item(0.80, 3)
d$满意度2 <- item(0.75, 3)
d$满意度3 <- item(0.70, 3)
d$满意度4 <- item(0.66, 3)
d$环境2[17] <- NA
d$满意度3[205] <- NA
write.csv(d, "src/examples/cfa-survey.csv", row.names = FALSE, quote = FALSE, na = "", fileEncoding = "UTF-8")
cat("wrote src/examples/cfa-survey.csv\n")
