# Example file src/examples/mediation-stress.csv (示例数据_工作压力与离职意向.csv) of the 中介效应 and
# 调节效应 tools: 400 simulated employees' scale scores (means of 1–5 Likert items): job stress,
# burnout and job satisfaction (two parallel mediators), turnover intention, social support (the
# moderator of stress → burnout), with sex, age and years of service. A few answers are missing.
# Run from packages/tools: Rscript reference/mediation-data.R
set.seed(20231123)
n <- 400
clip <- function(v) round(pmin(5, pmax(1, v)), 2)
sex <- sample(c("男", "女"), n, replace = TRUE, prob = c(0.45, 0.55))
age <- round(pmin(58, pmax(22, rnorm(n, 34, 7))))
tenure <- pmax(0, pmin(age - 21, round(rgamma(n, 2, 0.25))))
stress <- clip(rnorm(n, 3.1, 0.7))
support <- clip(rnorm(n, 3.4, 0.65))
s_c <- stress - 3.1; w_c <- support - 3.4
burnout <- clip(2.8 + 0.45 * s_c - 0.30 * w_c - 0.28 * s_c * w_c + 0.05 * (sex == "女") + rnorm(n, 0, 0.5))
satisf <- clip(3.3 - 0.30 * s_c + 0.25 * w_c + rnorm(n, 0, 0.55))
turnover <- clip(2.6 + 0.12 * s_c + 0.45 * (burnout - 2.8) - 0.30 * (satisf - 3.3) - 0.01 * (age - 34) + rnorm(n, 0, 0.55))
d <- data.frame(
  编号 = sprintf("R%03d", 1:n), 性别 = sex, 年龄 = age, 工龄 = tenure, 工作压力 = stress,
  社会支持 = support, 职业倦怠 = burnout, 工作满意度 = satisf, 离职意向 = turnover, check.names = FALSE
)
d$工作压力[c(57, 288)] <- NA
d$离职意向[143] <- NA
d$社会支持[311] <- NA
write.csv(d, "src/examples/mediation-stress.csv", row.names = FALSE, quote = FALSE, na = "", fileEncoding = "UTF-8")
