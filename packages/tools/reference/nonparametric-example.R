# Generates src/examples/postop-pain.csv, the wide example of the Friedman tool (issue 16): 20
# patients' pain scores (VAS 0–10, integers) at 6, 24, 48 and 72 h after surgery, simulated with a
# fixed seed; one patient misses the 72 h score (listwise deletion shows in the report).
# Run from packages/tools: Rscript reference/nonparametric-example.R
set.seed(20260716)
n <- 20
base <- rnorm(n, 0, 1.2)
vas <- function(mean) pmin(10, pmax(0, round(mean + base + rnorm(n, 0, 1))))
d <- data.frame(
  编号 = sprintf("S%02d", 1:n),
  性别 = sample(c("男", "女"), n, replace = TRUE),
  术后6小时VAS = vas(6.2), 术后24小时VAS = vas(5.1), 术后48小时VAS = vas(3.6), 术后72小时VAS = vas(2.4),
  check.names = FALSE
)
d$术后72小时VAS[7] <- NA
write.csv(d, "src/examples/postop-pain.csv", row.names = FALSE, na = "", fileEncoding = "UTF-8", quote = FALSE)
