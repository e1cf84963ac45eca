# Generates src/examples/competing-risk.csv (示例数据_竞争风险.csv): a simulated cohort of 400 patients
# after colorectal cancer surgery, followed for death from the cancer (the event of interest) and death
# from other causes (the competing event). Cancer death depends on stage and the adjuvant regimen, other
# death mostly on age; administrative censoring between 12 and 96 months. The outcome comes twice: as text
# (结局: 删失/肿瘤死亡/其他原因死亡) and as a code (结局编码: 0 = censored, 1 = cancer death, 2 = other death).
# Run from packages/tools:  Rscript reference/competing-risk-data.R
set.seed(20261124)
n <- 400
age <- round(rnorm(n, 63, 10))
sex <- ifelse(runif(n) < 0.56, "男", "女")
stage <- sample(c("I期", "II期", "III期"), n, replace = TRUE, prob = c(0.3, 0.4, 0.3))
regimen <- ifelse(runif(n) < 0.5, "新方案", "标准方案")
cea <- round(exp(rnorm(n, log(4) + 0.4 * (stage == "III期"), 0.6)), 1)
# Cause-specific exponential hazards (per month).
h1 <- 0.006 * exp(0.7 * (stage == "II期") + 1.4 * (stage == "III期") - 0.5 * (regimen == "新方案") + 0.08 * (cea - 4) / 2)
h2 <- 0.004 * exp(0.07 * (age - 63) + 0.2 * (sex == "男"))
t1 <- rexp(n, h1); t2 <- rexp(n, h2); cens <- runif(n, 12, 96)
tt <- pmin(t1, t2, cens)
time <- pmax(0.5, round(tt, 1))
code <- ifelse(tt == cens, 0L, ifelse(tt == t1, 1L, 2L))
outcome <- c("删失", "肿瘤死亡", "其他原因死亡")[code + 1]
d <- data.frame(治疗方案 = regimen, 年龄 = age, 性别 = sex, 分期 = stage,
                `CEA(ng/mL)` = cea, `随访时间(月)` = time, 结局 = outcome, 结局编码 = code, check.names = FALSE)
# The first rows show the reference levels (标准方案, I期) and then II期, III期, so the tool's default
# references (first appearance) are the natural ones.
lead <- c(which(regimen == "标准方案" & stage == "I期")[1], which(stage == "II期")[1], which(stage == "III期")[1])
d <- d[c(lead, setdiff(seq_len(n), lead)), ]
d <- cbind(编号 = sprintf("C%03d", seq_len(n)), d)
# A few missing values, as a real file has them.
d$`CEA(ng/mL)`[c(58, 233)] <- NA
d$分期[311] <- NA
write.csv(d, "src/examples/competing-risk.csv", row.names = FALSE, quote = FALSE, na = "", fileEncoding = "UTF-8")
print(table(d$结局)); print(table(d$治疗方案, d$结局))
