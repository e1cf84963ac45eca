# Generates src/examples/prediction-model.csv (示例数据_临床预测模型.csv): 300 simulated patients after
# radical gastrectomy with 13 candidate predictors (10 numeric, 3 categorical), a binary outcome
# (术后并发症) and a survival outcome (随访时间(月) + 生存结局), a few values missing. Shared by the
# LASSO, nomogram, calibration and DCA tools. Run from packages/tools: Rscript reference/prediction-model-data.R
set.seed(20241122)
n <- 300
age <- round(rnorm(n, 62, 10))
sex <- sample(c("男", "女"), n, replace = TRUE, prob = c(0.62, 0.38))
bmi <- round(rnorm(n, 23.5, 3.2), 1)
dm <- sample(c("否", "是"), n, replace = TRUE, prob = c(0.8, 0.2))
stage <- sample(c("I期", "II期", "III期"), n, replace = TRUE, prob = c(0.3, 0.4, 0.3))
alb <- round(rnorm(n, 39, 4.5) - 1.5 * (stage == "III期"), 1)
hb <- round(rnorm(n, 128, 16) - 6 * (sex == "女"), 0)
crp <- round(rlnorm(n, log(6), 0.7), 1)
nlr <- round(rlnorm(n, log(2.6), 0.45) + 0.02 * crp, 2)
size <- round(pmax(0.5, rnorm(n, 3.5, 1.4) + 0.8 * (stage == "III期")), 1)
optime <- round(rnorm(n, 210, 45))
blood <- round(rlnorm(n, log(180), 0.5) + 0.4 * (optime - 210))
blood <- pmax(blood, 20)
scr <- round(rnorm(n, 78, 16) + 0.3 * (age - 62), 0)

lp <- -1.9 + 0.045 * (age - 62) + 0.45 * (sex == "男") + 0.55 * (dm == "是") +
  c("I期" = 0, "II期" = 0.35, "III期" = 0.8)[stage] - 0.09 * (alb - 39) + 0.35 * log(crp / 6) +
  0.25 * (nlr - 2.7) + 0.006 * (optime - 210) - 0.008 * (hb - 125)
comp <- rbinom(n, 1, plogis(lp))

lps <- 0.03 * (age - 62) + c("I期" = 0, "II期" = 0.6, "III期" = 1.3)[stage] - 0.06 * (alb - 39) +
  0.2 * (nlr - 2.7) + 0.12 * (size - 3.5) + 0.4 * comp
t_event <- rweibull(n, shape = 1.2, scale = 160 * exp(-lps / 1.2))
t_cens <- runif(n, 12, 60)
time <- round(pmin(t_event, t_cens), 1)
time <- pmax(time, 0.5)
dead <- ifelse(t_event <= t_cens, "死亡", "存活")

d <- data.frame(
  编号 = sprintf("P%03d", seq_len(n)), 年龄 = age, 性别 = sex, BMI = bmi, 糖尿病 = dm, 肿瘤分期 = stage,
  `肿瘤直径(cm)` = size, `白蛋白(g/L)` = alb, `血红蛋白(g/L)` = hb, `C反应蛋白(mg/L)` = crp, NLR = nlr,
  `手术时间(min)` = optime, `术中出血量(mL)` = blood, `血肌酐(μmol/L)` = scr,
  术后并发症 = ifelse(comp == 1, "是", "否"), `随访时间(月)` = time, 生存结局 = dead,
  check.names = FALSE
)
d$BMI[c(17, 143)] <- NA
d$`白蛋白(g/L)`[c(58, 201, 266)] <- NA
d$`C反应蛋白(mg/L)`[c(90)] <- NA
write.csv(d, "src/examples/prediction-model.csv", row.names = FALSE, quote = FALSE, na = "", fileEncoding = "UTF-8")
cat("complications:", sum(comp), "deaths:", sum(dead == "死亡"), "\n")
