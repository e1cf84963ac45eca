# Generates the examples of the two-way ANOVA / ANCOVA and repeated-measures ANOVA tools (issue 16
# item 12), simulated with fixed seeds:
# - src/examples/bp-factorial.csv: 96 hypertensive patients randomised to placebo / low dose / high
#   dose, by sex (unbalanced cells), with age, baseline SBP and the SBP reduction after 12 weeks;
#   the high dose works better in women (an interaction); two reductions are missing.
# - src/examples/hba1c-followup.csv: 45 type 2 diabetics in three care programmes (unequal sizes),
#   HbA1c (%) at baseline, 3, 6 and 12 months, wide; one patient misses the 12-month value.
# Run from packages/tools: Rscript reference/anova-example.R
set.seed(20261122)
n <- 96
arm <- sample(rep(c("安慰剂", "低剂量", "高剂量"), each = 32))
sex <- ifelse(runif(n) < 0.55, "男", "女")
age <- round(rnorm(n, 58, 9))
base <- round(rnorm(n, 156, 11))
eff <- c(安慰剂 = 2, 低剂量 = 9, 高剂量 = 14)[arm] + ifelse(arm == "高剂量" & sex == "女", 5, 0)
drop <- round(eff + 0.25 * (base - 156) - 0.1 * (age - 58) + rnorm(n, 0, 6), 1)
bp <- data.frame(编号 = sprintf("H%03d", 1:n), 治疗方案 = arm, 性别 = sex, 年龄 = age, 基线收缩压 = base,
                 收缩压降幅 = drop, check.names = FALSE)
bp$收缩压降幅[c(17, 63)] <- NA
write.csv(bp, "src/examples/bp-factorial.csv", row.names = FALSE, na = "", fileEncoding = "UTF-8", quote = FALSE)

set.seed(20261123)
prog <- rep(c("常规管理", "强化管理", "强化管理+运动"), c(16, 15, 14))
m <- length(prog)
b0 <- rnorm(m, 8.4, 0.8)
slope <- c(常规管理 = -0.10, 强化管理 = -0.35, `强化管理+运动` = -0.50)[prog]
hb <- sapply(c(0, 1, 2, 3), function(t) round(b0 + slope * t * (1 + 0.15 * (t == 3)) + rnorm(m, 0, 0.25 + 0.08 * t), 1))
hba <- data.frame(编号 = sprintf("D%02d", 1:m), 管理方案 = prog, 基线HbA1c = hb[, 1], 第3个月HbA1c = hb[, 2],
                  第6个月HbA1c = hb[, 3], 第12个月HbA1c = hb[, 4], check.names = FALSE)
hba$第12个月HbA1c[9] <- NA
write.csv(hba, "src/examples/hba1c-followup.csv", row.names = FALSE, na = "", fileEncoding = "UTF-8", quote = FALSE)
