# Example data of the 典型相关 tool (issue 23, helper X1): 200 male college students, four body-size
# measures and four fitness tests, related through two latent dimensions (size/fat and lean strength).
# Run from packages/tools: Rscript reference/canonical-data.R
set.seed(20231124)
n <- 200
fat <- rnorm(n); lean <- rnorm(n); noise <- function(s) rnorm(n, 0, s)
d <- data.frame(
  编号 = 1:n,
  身高 = round(172 + 3 * lean + noise(4.5), 1),
  体重 = round(66 + 5 * fat + 4 * lean + noise(4), 1),
  腰围 = round(78 + 6 * fat + 1 * lean + noise(3.5), 1),
  体脂率 = round(18 + 4 * fat - 1 * lean + noise(2.5), 1),
  肺活量 = round(4200 + 250 * lean - 60 * fat + noise(380)),
  握力 = round(44 + 4 * lean + 0.5 * fat + noise(4.5), 1),
  立定跳远 = round(238 + 6 * lean - 8 * fat + noise(13)),
  `1000米跑` = round(245 + 9 * fat - 4 * lean + noise(15)),
  check.names = FALSE)
d$腰围[41] <- NA
d$握力[133] <- NA
write.csv(d, "src/examples/canonical-correlation.csv", row.names = FALSE, quote = FALSE, na = "", fileEncoding = "UTF-8")
cat("wrote src/examples/canonical-correlation.csv\n")
