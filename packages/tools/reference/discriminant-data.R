# Example data of the 判别分析 tool (issue 23, helper X1): 180 adults screened for diabetes, three
# diagnostic groups with different sizes (so proportional and equal priors differ) and five correlated
# indicators. Run from packages/tools: Rscript reference/discriminant-data.R
set.seed(20231123)
groups <- c("糖耐量正常", "糖尿病前期", "2型糖尿病")
nk <- c(80, 60, 40)
mu <- rbind(c(5.1, 5.4, 23.5, 1.4, 80),
            c(6.1, 6.0, 25.6, 1.8, 86),
            c(8.2, 7.4, 26.8, 2.3, 91))
sdv <- c(0.6, 0.45, 3.0, 0.6, 8)
R <- matrix(0.3, 5, 5); diag(R) <- 1; R[1, 2] <- R[2, 1] <- 0.6; R[3, 5] <- R[5, 3] <- 0.7
S <- diag(sdv) %*% R %*% diag(sdv)
L <- chol(S)
d <- do.call(rbind, lapply(1:3, function(k) {
  z <- matrix(rnorm(nk[k] * 5), nk[k]) %*% L
  x <- sweep(z, 2, mu[k, ], `+`)
  data.frame(分组 = groups[k], 空腹血糖 = round(x[, 1], 2), 糖化血红蛋白 = round(x[, 2], 2), BMI = round(x[, 3], 1),
             甘油三酯 = round(pmax(x[, 4], 0.3), 2), 腰围 = round(x[, 5], 1), check.names = FALSE)
}))
d <- d[sample(nrow(d)), ]
d <- cbind(编号 = seq_len(nrow(d)), d, 年龄 = round(runif(nrow(d), 35, 70)))
d$BMI[23] <- NA
d$甘油三酯[97] <- NA
write.csv(d, "src/examples/discriminant.csv", row.names = FALSE, quote = FALSE, na = "", fileEncoding = "UTF-8")
cat("wrote src/examples/discriminant.csv\n")
