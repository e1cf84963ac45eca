# Generates src/examples/propensity.csv (示例数据_倾向性评分.csv): a simulated observational cohort
# in which statin use is confounded by age, sex, BMI, diabetes, hypertension, LDL-C and smoking,
# with a binary outcome (主要心血管事件) and a survival outcome (随访时间/死亡). Run from packages/tools:
#   Rscript reference/propensity-data.R
set.seed(20261123)
n <- 800
age <- round(rnorm(n, 62, 10))
sex <- ifelse(runif(n) < 0.55, "男", "女")
bmi <- round(rnorm(n, 24.5 + 0.8 * (sex == "男"), 3.2), 1)
dm <- ifelse(runif(n) < plogis(-2.2 + 0.04 * (age - 60) + 0.15 * (bmi - 24)), "是", "否")
htn <- ifelse(runif(n) < plogis(-0.6 + 0.05 * (age - 60) + 0.12 * (bmi - 24)), "是", "否")
ldl <- round(pmax(1.2, rnorm(n, 3.2 + 0.2 * (dm == "是"), 0.8)), 2)
smoke <- ifelse(runif(n) < plogis(-1.0 + 1.2 * (sex == "男") - 0.02 * (age - 60)), "是", "否")
# Treatment: older, diabetic, hypertensive patients with high LDL-C are more likely to get a statin.
lp_t <- -1.1 + 0.04 * (age - 62) + 0.8 * (dm == "是") + 0.6 * (htn == "是") + 0.7 * (ldl - 3.2) + 0.05 * (bmi - 24.5) - 0.2 * (sex == "女") + 0.2 * (smoke == "是")
statin <- ifelse(runif(n) < plogis(lp_t), "是", "否")
# Outcome: a protective statin effect (OR about 0.6) against confounders that raise the risk.
lp_y <- -2.0 - 0.5 * (statin == "是") + 0.05 * (age - 62) + 0.6 * (dm == "是") + 0.5 * (htn == "是") + 0.35 * (ldl - 3.2) + 0.5 * (smoke == "是") + 0.2 * (sex == "男")
mace <- ifelse(runif(n) < plogis(lp_y), "是", "否")
# Survival: exponential hazard with the same confounding, administrative censoring at 60 months.
haz <- 0.006 * exp(-0.4 * (statin == "是") + 0.05 * (age - 62) + 0.5 * (dm == "是") + 0.3 * (htn == "是") + 0.4 * (smoke == "是"))
tt <- rexp(n, haz); cens <- runif(n, 24, 60)
time <- round(pmin(tt, cens), 1); status <- ifelse(tt <= cens, "死亡", "存活")
d <- data.frame(编号 = sprintf("P%03d", seq_len(n)), 他汀使用 = statin, 年龄 = age, 性别 = sex, BMI = bmi,
                糖尿病 = dm, 高血压 = htn, `LDL-C(mmol/L)` = ldl, 吸烟 = smoke,
                主要心血管事件 = mace, `随访时间(月)` = time, 生存状态 = status, check.names = FALSE)
# A few missing values, as a real file has them.
d$BMI[c(37, 405)] <- NA
d$`LDL-C(mmol/L)`[c(122, 611, 748)] <- NA
write.csv(d, "src/examples/propensity.csv", row.names = FALSE, quote = FALSE, na = "", fileEncoding = "UTF-8")
print(table(d$他汀使用)); print(prop.table(table(d$他汀使用, d$主要心血管事件), 1))
