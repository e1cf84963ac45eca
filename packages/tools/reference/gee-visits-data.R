# Example data of the GEE tool (广义估计方程, issue 23 item 9): 120 patients in a two-arm trial seen
# at baseline and weeks 4, 8 and 12, with dropout. Run from packages/tools:
#   Rscript reference/gee-visits-data.R  → src/examples/gee-visits.csv
set.seed(20261123)
n <- 120
weeks <- c(0, 4, 8, 12)
id <- sprintf("P%03d", 1:n)
grp <- rep(c("对照组", "试验组"), each = n / 2)[sample(n)]
sex <- sample(c("男", "女"), n, replace = TRUE)
age <- round(rnorm(n, 56, 9))
b0 <- rnorm(n, 0, 3.2)           # patient effect (within-patient correlation)
u <- rnorm(n, 0, 0.8)            # patient effect on the binary / count scale
# monotone dropout: last visit seen
last <- sample(1:4, n, replace = TRUE, prob = c(0.04, 0.05, 0.09, 0.82))
rows <- list()
for (i in 1:n) {
  trt <- grp[i] == "试验组"
  for (k in 1:last[i]) {
    w <- weeks[k]
    score <- 24 + 0.06 * (age[i] - 56) + ifelse(sex[i] == "女", 1.0, 0) - 0.45 * w - ifelse(trt, 0.30 * w, 0) + b0[i] + rnorm(1, 0, 2.5)
    eta <- -2.2 + 0.12 * w + ifelse(trt, 0.09 * w, 0) + 0.02 * (age[i] - 56) + u[i]
    remit <- if (w == 0) 0L else rbinom(1, 1, plogis(eta))
    cnt <- rpois(1, exp(1.4 - 0.04 * w - ifelse(trt, 0.035 * w, 0) + 0.5 * u[i]))
    rows[[length(rows) + 1]] <- data.frame(
      患者编号 = id[i], 访视周 = w, 治疗组 = grp[i], 性别 = sex[i], 年龄 = age[i],
      症状评分 = round(score, 1), 是否缓解 = ifelse(remit == 1, "是", "否"), 发作次数 = cnt
    )
  }
}
d <- do.call(rbind, rows)
d$年龄[c(37, 211)] <- NA            # two rows with a missing covariate
d$症状评分[c(58, 300)] <- NA        # two missed measurements
write.csv(d, "src/examples/gee-visits.csv", row.names = FALSE, quote = FALSE, na = "", fileEncoding = "UTF-8")
