# Example data of the linear mixed model tool (线性混合模型, issue 23 item 8): 60 hypertensive
# patients in a two-arm trial, systolic blood pressure at baseline and months 3, 6, 9 and 12, with
# dropout; each patient has an own baseline level and an own rate of change. Run from packages/tools:
#   Rscript reference/lmm-bp-data.R  → src/examples/lmm-bp.csv
set.seed(20261124)
n <- 60
months <- c(0, 3, 6, 9, 12)
id <- sprintf("H%02d", 1:n)
grp <- rep(c("对照组", "干预组"), times = n / 2)   # alternating allocation list: H01 对照组, H02 干预组, …
sex <- sample(c("男", "女"), n, replace = TRUE)
age <- round(rnorm(n, 58, 8))
# random intercept (SD 8 mmHg) and slope (SD 0.35 mmHg/month), correlation -0.3
S <- matrix(c(8^2, -0.3 * 8 * 0.35, -0.3 * 8 * 0.35, 0.35^2), 2)
b <- MASS::mvrnorm(n, c(0, 0), S)
last <- sample(3:5, n, replace = TRUE, prob = c(0.06, 0.10, 0.84))
rows <- list()
for (i in 1:n) {
  trt <- grp[i] == "干预组"
  for (k in 1:last[i]) {
    t <- months[k]
    sbp <- 152 + 0.45 * (age[i] - 58) + ifelse(sex[i] == "女", -2, 0) - 0.35 * t - ifelse(trt, 0.75 * t, 0) +
      b[i, 1] + b[i, 2] * t + rnorm(1, 0, 5)
    rows[[length(rows) + 1]] <- data.frame(患者编号 = id[i], 组别 = grp[i], 性别 = sex[i], 年龄 = age[i], 随访月 = t, 收缩压 = round(sbp))
  }
}
d <- do.call(rbind, rows)
d$收缩压[c(44, 191)] <- NA          # two missed measurements
write.csv(d, "src/examples/lmm-bp.csv", row.names = FALSE, quote = FALSE, na = "", fileEncoding = "UTF-8")
