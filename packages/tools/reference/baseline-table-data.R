# Generates ../src/examples/diabetes-cohort.csv, the example of 基线特征表 (baseline-table): 200
# inpatients with type 2 diabetes, compared by diabetic kidney disease (分组, two groups) or by
# glucose-lowering regimen (降糖方案, three groups). Simulated, not real patients. Skewed variables
# (病程, 甘油三酯, 空腹血糖), a rare level (视网膜病变 = 增殖期, so Fisher's test is chosen) and a few
# missing values are there on purpose. Run from this folder: Rscript baseline-table-data.R.
set.seed(20250916)
n <- 200
dkd <- rbinom(n, 1, 0.36) == 1
grp <- ifelse(dkd, "肾病组", "非肾病组")
sex <- ifelse(runif(n) < ifelse(dkd, 0.62, 0.53), "男", "女")
age <- round(rnorm(n, ifelse(dkd, 61, 57), 9.5))
bmi <- round(rnorm(n, ifelse(dkd, 26.1, 25.3), 3.2), 1)
duration <- round(rlnorm(n, log(ifelse(dkd, 9, 6)), 0.65), 1)
smoke <- sample(c("从不", "既往", "目前"), n, replace = TRUE, prob = c(0.55, 0.2, 0.25))
htn <- ifelse(runif(n) < ifelse(dkd, 0.68, 0.45), "是", "否")
hba1c <- round(rnorm(n, ifelse(dkd, 8.3, 7.8), 1.3), 1)
fpg <- round(4.5 + rgamma(n, shape = 3, scale = ifelse(dkd, 1.35, 1.2)), 2)
tg <- round(rlnorm(n, log(ifelse(dkd, 1.9, 1.6)), 0.5), 2)
ldl <- round(rnorm(n, 2.9, 0.8), 2)
egfr <- round(rnorm(n, ifelse(dkd, 74, 92), 16))
retino <- ifelse(runif(n) < ifelse(dkd, 0.06, 0.01), "增殖期", ifelse(runif(n) < ifelse(dkd, 0.35, 0.18), "非增殖期", "无"))
regimen <- sample(c("口服单药", "口服联合", "胰岛素"), n, replace = TRUE, prob = c(0.35, 0.4, 0.25))
smoke[sample(n, 6)] <- NA
hba1c[sample(n, 5)] <- NA
tg[sample(n, 3)] <- NA
d <- data.frame(编号 = sprintf("D%03d", 1:n), 分组 = grp, 降糖方案 = regimen, 性别 = sex, 年龄 = age, BMI = bmi,
                病程 = duration, 吸烟 = smoke, 高血压 = htn, 糖化血红蛋白 = hba1c, 空腹血糖 = fpg, 甘油三酯 = tg,
                低密度脂蛋白 = ldl, eGFR = egfr, 视网膜病变 = retino, check.names = FALSE)
write.csv(d, "../src/examples/diabetes-cohort.csv", row.names = FALSE, quote = FALSE, na = "", fileEncoding = "UTF-8")
