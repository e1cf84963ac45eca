# Example data of the advanced tools in group B (issue 23): simulated, fixed seeds.
#   anxiety-scale.csv     300 respondents, 8-item 5-point anxiety scale (items 3 and 6 reverse-keyed)
#   metabolic-cluster.csv  240 adults, six metabolic indicators from three latent phenotypes
#   mice-missing.csv    300 patients, ~10-20% missing in BMI, 收缩压, 空腹血糖, 吸烟
# Run from packages/tools: Rscript reference/advanced-b-data.R
out <- "src/examples"

set.seed(2301)
n <- 300
f <- rnorm(n)
lam <- c(0.75, 0.70, 0.65, 0.72, 0.60, 0.68, 0.55, 0.70)
items <- sapply(seq_along(lam), function(j) {
  z <- lam[j] * f + sqrt(1 - lam[j]^2) * rnorm(n)
  if (j %in% c(3, 6)) z <- -z
  as.integer(cut(z, c(-Inf, -1.2, -0.4, 0.4, 1.2, Inf)))
})
items[sample(n * 8, 6)] <- NA
d <- data.frame(编号 = sprintf("R%03d", 1:n), 性别 = sample(c("男", "女"), n, TRUE), items)
names(d)[3:10] <- paste0("A", 1:8)
write.csv(d, file.path(out, "anxiety-scale.csv"), row.names = FALSE, na = "", quote = FALSE, fileEncoding = "UTF-8")

set.seed(2302)
n <- 240
g <- sample(1:3, n, TRUE, prob = c(0.45, 0.35, 0.20))
mu <- rbind(c(22, 78, 118, 5.0, 1.1, 1.5), c(27, 92, 132, 5.8, 1.8, 1.2), c(30, 102, 145, 7.6, 2.6, 0.95))
s <- c(1.6, 5, 9, 0.45, 0.35, 0.16)
m <- t(sapply(g, function(k) rnorm(6, mu[k, ], s)))
m <- round(m, c(1)); m[, 2:3] <- round(m[, 2:3]); m[, 4:6] <- round(m[, 4:6], 2)
d <- data.frame(编号 = sprintf("M%03d", 1:n), m)
names(d)[2:7] <- c("BMI", "腰围(cm)", "收缩压(mmHg)", "空腹血糖(mmol/L)", "甘油三酯(mmol/L)", "HDL-C(mmol/L)")
d[["BMI"]][c(17, 101)] <- NA
write.csv(d, file.path(out, "metabolic-cluster.csv"), row.names = FALSE, na = "", quote = FALSE, fileEncoding = "UTF-8")

set.seed(2303)
n <- 300
age <- round(rnorm(n, 58, 10))
sex <- rbinom(n, 1, 0.5)
bmi <- round(24 + 0.05 * (age - 58) + 1.2 * sex + rnorm(n, 0, 3), 1)
smoke <- rbinom(n, 1, plogis(-1 + 1.2 * sex))
sbp <- round(105 + 0.5 * age + 1.1 * bmi + 4 * smoke + rnorm(n, 0, 10))
glu <- round(3 + 0.02 * age + 0.08 * bmi + rnorm(n, 0, 0.8), 2)
d <- data.frame(编号 = sprintf("P%03d", 1:n), 年龄 = age, 性别 = ifelse(sex == 1, "男", "女"), BMI = bmi,
                吸烟 = ifelse(smoke == 1, "是", "否"), `收缩压(mmHg)` = sbp, `空腹血糖(mmol/L)` = glu, check.names = FALSE)
# Missing at random: more missing BMI and glucose in older patients.
d$BMI[runif(n) < plogis(-1.8 + 0.05 * (age - 58))] <- NA
d[["收缩压(mmHg)"]][runif(n) < 0.10] <- NA
d[["空腹血糖(mmol/L)"]][runif(n) < plogis(-2 + 0.04 * (age - 58))] <- NA
d$吸烟[runif(n) < 0.10] <- NA
write.csv(d, file.path(out, "mice-missing.csv"), row.names = FALSE, na = "", quote = FALSE, fileEncoding = "UTF-8")
print(colMeans(is.na(d)))
