# Writes ../src/examples/diagnostic-markers.csv (示例数据_诊断标志物.csv) from pROC's public aSAH
# data (Turck et al. 2010: 113 patients with aneurysmal subarachnoid haemorrhage, outcome at six
# months). Deterministic: no random numbers. Run from this folder: Rscript diagnostic-markers.R.
suppressMessages(library(pROC))
data(aSAH)
d <- data.frame(
  编号 = sprintf("P%03d", seq_len(nrow(aSAH))),
  性别 = ifelse(aSAH$gender == "Male", "男", "女"),
  年龄 = aSAH$age,
  WFNS分级 = as.integer(as.character(aSAH$wfns)),
  S100B蛋白 = aSAH$s100b,
  NDKA蛋白 = aSAH$ndka,
  GOS评分 = as.integer(as.character(aSAH$gos6)),
  预后 = ifelse(aSAH$outcome == "Poor", "不良", "良好"),
  # A binary test: S100B above 0.205 μg/L (its Youden cut-off against the outcome) read as positive.
  S100B检测结果 = ifelse(aSAH$s100b > 0.205, "阳性", "阴性"),
  check.names = FALSE
)
write.csv(d, "../src/examples/diagnostic-markers.csv", row.names = FALSE, quote = FALSE, fileEncoding = "UTF-8")
