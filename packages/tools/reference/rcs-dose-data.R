# Example file src/examples/rcs-dose.csv (示例数据_血压与卒中风险.csv) of the 限制性立方样条 RCS tool:
# 500 simulated adults with baseline systolic blood pressure, age, sex and smoking; a J-shaped risk
# of stroke in blood pressure (lowest near 120 mmHg) on the hazard scale, follow-up in months with
# censoring, and a continuous outcome (carotid intima–media thickness) with a U-shaped relation.
# Run from packages/tools: Rscript reference/rcs-dose-data.R
set.seed(20261123)
n <- 500
age <- round(rnorm(n, 62, 9))
sex <- sample(c("男", "女"), n, replace = TRUE, prob = c(0.52, 0.48))
smoke <- ifelse(runif(n) < ifelse(sex == "男", 0.45, 0.12), "是", "否")
sbp <- round(rnorm(n, 138, 20) + 0.3 * (age - 62))
sbp <- pmin(pmax(sbp, 88), 210)
lh <- -6.2 + 0.00055 * (sbp - 120)^2 + 0.008 * pmax(sbp - 120, 0) + 0.045 * (age - 62) + 0.3 * (sex == "男") + 0.35 * (smoke == "是")
t_event <- rexp(n, exp(lh))
t_cens <- runif(n, 24, 96)
time <- pmin(t_event, t_cens)
stroke <- ifelse(t_event <= t_cens, "是", "否")
imt <- round(0.55 + 0.00004 * (sbp - 125)^2 + 0.006 * (age - 62) + 0.04 * (sex == "男") + rnorm(n, 0, 0.09), 2)
d <- data.frame(
  编号 = sprintf("P%03d", 1:n), 年龄 = age, 性别 = sex, 吸烟 = smoke, `收缩压(mmHg)` = sbp,
  `颈动脉IMT(mm)` = imt, `随访时间(月)` = round(time, 1), 卒中 = stroke, check.names = FALSE
)
d$`随访时间(月)`[d$`随访时间(月)` <= 0] <- 0.1
d$`收缩压(mmHg)`[c(37, 211)] <- NA
d$年龄[402] <- NA
d$`颈动脉IMT(mm)`[c(18, 333)] <- NA
write.csv(d, "src/examples/rcs-dose.csv", row.names = FALSE, quote = FALSE, na = "", fileEncoding = "UTF-8")
cat(sprintf("events %d / %d\n", sum(d$卒中 == "是"), n))
