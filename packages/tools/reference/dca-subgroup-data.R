# Generates the example files of the decision-curve and subgroup tools (issue 22, group D):
#   src/examples/dca-demo.csv (示例数据_决策曲线.csv): a simulated prostate-biopsy cohort with a
#     binary outcome (高级别前列腺癌), two models' predicted probabilities, a biomarker on its own
#     scale, the predictors, and a survival outcome (随访时间/死亡).
#   src/examples/subgroup-trial.csv (示例数据_亚组分析.csv): a simulated two-arm RCT with a binary
#     endpoint, overall survival and a continuous outcome, and baseline subgroup variables.
# Run from packages/tools: Rscript reference/dca-subgroup-data.R
set.seed(20261122)
n <- 600
age <- round(rnorm(n, 66, 7))
psa <- round(exp(rnorm(n, log(7), 0.55)), 1)
dre <- ifelse(runif(n) < 0.3, "异常", "正常")
fam <- ifelse(runif(n) < 0.15, "有", "无")
vol <- round(exp(rnorm(n, log(45), 0.35)))
phi <- round(exp(rnorm(n, log(35), 0.35) + 0.25 * (psa > 8)), 1)
lp <- -3.1 + 0.05 * (age - 66) + 1.3 * log(psa / 7) - 0.9 * log(vol / 45) + 0.9 * (dre == "异常") + 0.5 * (fam == "有") + 2.0 * log(phi / 35)
hg <- ifelse(runif(n) < plogis(lp), "是", "否")
# A published clinical model (age, PSA, DRE) with its own coefficients, and a new model adding PHI;
# both slightly miscalibrated here, as external models usually are.
p_clin <- round(plogis(-2.6 + 0.04 * (age - 66) + 1.1 * log(psa / 7) + 0.8 * (dre == "异常")), 3)
p_new <- round(plogis(-2.9 + 0.045 * (age - 66) + 1.2 * log(psa / 7) - 0.7 * log(vol / 45) + 0.85 * (dre == "异常") + 1.8 * log(phi / 35)), 3)
haz <- 0.006 * exp(0.05 * (age - 66) + 0.5 * log(psa / 7) + 1.0 * (hg == "是") + 0.4 * (dre == "异常"))
tt <- rexp(n, haz); cens <- runif(n, 24, 84)
time <- round(pmin(tt, cens), 1); time[time <= 0] <- 0.1
status <- ifelse(tt <= cens, "死亡", "存活")
d <- data.frame(编号 = sprintf("B%03d", seq_len(n)), 年龄 = age, `PSA(ng/mL)` = psa, `前列腺体积(mL)` = vol,
                直肠指检 = dre, 家族史 = fam, PHI评分 = phi, 临床模型概率 = p_clin, 新模型概率 = p_new,
                高级别前列腺癌 = hg, `随访时间(月)` = time, 生存状态 = status, check.names = FALSE)
d$PHI评分[c(58, 301, 477)] <- NA
d$`前列腺体积(mL)`[c(144, 520)] <- NA
write.csv(d, "src/examples/dca-demo.csv", row.names = FALSE, quote = FALSE, na = "", fileEncoding = "UTF-8")

set.seed(20261123)
n <- 600
arm <- sample(rep(c("试验组", "对照组"), each = n / 2))
age <- round(rnorm(n, 61, 9))
sex <- ifelse(runif(n) < 0.58, "男", "女")
dm <- ifelse(runif(n) < 0.28, "是", "否")
stage <- sample(c("I期", "II期", "III期"), n, replace = TRUE, prob = c(0.3, 0.4, 0.3))
ecog <- ifelse(runif(n) < 0.45, "1", "0")
bmi <- round(rnorm(n, 24, 3.3), 1)
tr <- arm == "试验组"
st <- c("I期" = 0, "II期" = 0.5, "III期" = 1.1)[stage]
# Binary endpoint: OR about 0.6 overall, weaker in diabetics (a modest interaction).
lp <- -0.9 + 0.03 * (age - 61) + st + 0.4 * (ecog == "1") + 0.3 * (dm == "是") - 0.65 * tr + 0.45 * tr * (dm == "是")
event <- ifelse(runif(n) < plogis(lp), "是", "否")
# Overall survival: HR about 0.7, consistent across subgroups.
haz <- 0.012 * exp(0.03 * (age - 61) + st + 0.35 * (ecog == "1") + 0.2 * (dm == "是") - 0.35 * tr)
tt <- rexp(n, haz); cens <- runif(n, 18, 60)
time <- round(pmin(tt, cens), 1); time[time <= 0] <- 0.1
status <- ifelse(tt <= cens, "死亡", "存活")
# Continuous outcome: change in quality-of-life score, +4 points with treatment.
qol <- round(2 + 4 * tr - 0.1 * (age - 61) - 1.5 * (stage == "III期") + rnorm(n, 0, 9), 1)
d <- data.frame(编号 = sprintf("R%03d", seq_len(n)), 治疗组 = arm, 年龄 = age, 性别 = sex, 糖尿病 = dm,
                分期 = unname(stage), ECOG评分 = ecog, BMI = bmi, 主要终点事件 = event,
                `随访时间(月)` = time, 生存状态 = status, 生活质量评分变化 = qol, check.names = FALSE)
d$BMI[c(33, 250, 498)] <- NA
d$生活质量评分变化[c(71, 402)] <- NA
write.csv(d, "src/examples/subgroup-trial.csv", row.names = FALSE, quote = FALSE, na = "", fileEncoding = "UTF-8")
