# Example data of the advanced tools in group C (issue 23): simulated, fixed seed.
#   hba1c-factors.csv  220 type 2 diabetes outpatients: HbA1c and candidate factors (BMI, weight
#                      and waist strongly correlated, for ridge/VIF), disease duration with a
#                      logarithmic effect on HbA1c (curve estimation), 3 rows with a missing value.
# Run from packages/tools: Rscript reference/advanced-c-data.R
out <- "src/examples"

set.seed(2303)
n <- 220
age <- round(rnorm(n, 58, 9))
sex <- sample(c("男", "女"), n, TRUE)
height <- ifelse(sex == "男", rnorm(n, 170, 6), rnorm(n, 158, 5.5))
bmi <- rnorm(n, 25.5, 3.4)
weight <- round(bmi * (height / 100)^2 + rnorm(n, 0, 1.2), 1)
waist <- round(60 + 1.1 * bmi + ifelse(sex == "男", 5, 0) + rnorm(n, 0, 2.5), 1)
duration <- round(rgamma(n, 2, 0.25), 1) + 0.5
tg <- round(exp(rnorm(n, log(1.7), 0.4)) + 0.04 * (bmi - 25), 2)
sbp <- round(118 + 0.45 * (age - 58) + 1.1 * (bmi - 25) + rnorm(n, 0, 13))
exercise <- round(pmax(0, rnorm(n, 150, 70)), -1)
hdl <- round(1.3 - 0.02 * (bmi - 25) + rnorm(n, 0, 0.25), 2)
hba1c <- 5.2 + 0.9 * log(duration) + 0.06 * (bmi - 25) + 0.012 * (waist - 90) + 0.25 * (tg - 1.7) -
  0.003 * (exercise - 150) + 0.004 * (age - 58) + rnorm(n, 0, 0.55)
d <- data.frame(
  编号 = sprintf("P%03d", 1:n), 性别 = sex, 年龄 = age, 病程年 = duration, BMI = round(bmi, 1),
  体重kg = weight, 腰围cm = waist, 收缩压 = sbp, 甘油三酯 = tg, 高密度脂蛋白 = hdl,
  每周运动分钟 = exercise, 糖化血红蛋白 = round(hba1c, 2)
)
d$甘油三酯[c(17, 102)] <- NA
d$腰围cm[58] <- NA
write.csv(d, file.path(out, "hba1c-factors.csv"), row.names = FALSE, na = "", quote = FALSE, fileEncoding = "UTF-8")
