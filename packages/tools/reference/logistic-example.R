# Builds src/examples/birth-weight.csv for the binary logistic regression tool from MASS::birthwt
# (Hosmer & Lemeshow, Applied Logistic Regression: 189 births at Baystate Medical Center, 1986),
# with Chinese column names and labels. Mother's weight is converted from pounds to kilograms.
# Run from this folder: Rscript logistic-example.R
library(MASS)
b <- birthwt
yn <- function(v, yes, no) ifelse(v > 0, yes, no)
d <- data.frame(
  编号 = sprintf("B%03d", seq_len(nrow(b))),
  低出生体重 = yn(b$low, "是", "否"),
  母亲年龄 = b$age,
  `母亲体重(kg)` = round(b$lwt * 0.45359237, 1),
  种族 = c("白人", "黑人", "其他")[b$race],
  孕期吸烟 = yn(b$smoke, "是", "否"),
  早产史 = yn(b$ptl, "有", "无"),
  高血压史 = yn(b$ht, "有", "无"),
  子宫激惹 = yn(b$ui, "有", "无"),
  孕早期就诊次数 = b$ftv,
  `出生体重(g)` = b$bwt,
  check.names = FALSE
)
write.csv(d, "../src/examples/birth-weight.csv", row.names = FALSE, fileEncoding = "UTF-8", quote = FALSE)
