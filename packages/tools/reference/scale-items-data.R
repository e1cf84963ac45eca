# Example file 示例数据_量表条目.csv (key scale-items) for the PCA and EFA tools (issue 23) and the
# reliability tools: 300 nurses answering a 15-item burnout questionnaire on a 5-point Likert scale
# (1 = 从不 … 5 = 总是), three correlated factors of five items each — 情绪耗竭1–5,
# 去人格化1–5, 成就感1–5 (个人成就感) — with one reverse-keyed item per factor (情绪耗竭4, 去人格化3, 成就感5:
# worded the other way, so they load negatively until reversed), plus sex, age and years of work.
# Three answers are missing (listwise deletion leaves 297 rows).
# Run from packages/tools: Rscript reference/scale-items-data.R
suppressPackageStartupMessages(library(MASS))
set.seed(20261123)
n <- 300
phi <- matrix(c(1, 0.45, -0.35,
                0.45, 1, -0.30,
                -0.35, -0.30, 1), 3, 3)
f <- mvrnorm(n, rep(0, 3), phi)
lambda <- list(c(0.78, 0.72, 0.70, -0.62, 0.66), c(0.74, 0.68, -0.58, 0.65, 0.60), c(0.72, 0.70, 0.66, 0.62, -0.55))
cuts <- c(-1.3, -0.45, 0.35, 1.2)
items <- list()
prefix <- c("情绪耗竭", "去人格化", "成就感")
for (k in 1:3) for (j in 1:5) {
  l <- lambda[[k]][j]
  latent <- l * f[, k] + sqrt(1 - l^2) * rnorm(n)
  items[[paste0(prefix[k], j)]] <- as.integer(cut(latent + rnorm(1, 0, 0.15), c(-Inf, cuts, Inf)))
}
d <- data.frame(
  编号 = sprintf("N%03d", 1:n),
  性别 = sample(c("女", "男"), n, replace = TRUE, prob = c(0.85, 0.15)),
  年龄 = pmin(58, pmax(21, round(rnorm(n, 32, 7)))),
  check.names = FALSE
)
d$工龄 <- pmax(0, pmin(d$年龄 - 20, round(d$年龄 - 22 - abs(rnorm(n, 0, 2)))))
d <- cbind(d, as.data.frame(items, check.names = FALSE))
d$情绪耗竭2[17] <- NA
d$去人格化4[88] <- NA
d$成就感1[203] <- NA
write.csv(d, "src/examples/scale-items.csv", row.names = FALSE, quote = FALSE, na = "", fileEncoding = "UTF-8")
cat("wrote src/examples/scale-items.csv\n")
