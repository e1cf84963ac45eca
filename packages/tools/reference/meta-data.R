# Writes the meta-analysis example files from metafor's public data sets, with Chinese labels:
#   src/examples/bcg-vaccine-trials.csv  — dat.bcg (Colditz et al. 1994): 13 BCG vaccine trials, tuberculosis cases per arm
#   src/examples/stroke-unit-trials.csv  — dat.normand1999 (Normand 1999): 9 trials, length of hospital stay (days)
#                                          after stroke, specialist stroke unit vs routine care
# Unquoted: no value holds a comma.
# Run from packages/tools:  Rscript reference/meta-data.R
suppressPackageStartupMessages(library(metafor))
bcg <- dat.bcg
alloc <- c(random = "随机分配", alternate = "交替分配", systematic = "系统分配")
b <- data.frame(
  研究 = paste(bcg$author, bcg$year),
  发表年份 = bcg$year,
  接种组结核病例数 = bcg$tpos,
  接种组总人数 = bcg$tpos + bcg$tneg,
  对照组结核病例数 = bcg$cpos,
  对照组总人数 = bcg$cpos + bcg$cneg,
  纬度 = bcg$ablat,
  分配方式 = unname(alloc[bcg$alloc]),
  check.names = FALSE
)
write.csv(b, "src/examples/bcg-vaccine-trials.csv", row.names = FALSE, quote = FALSE, fileEncoding = "UTF-8")
n <- dat.normand1999
country <- ifelse(grepl("^(Edinburgh|Orpington|Newcastle)", n$source), "英国", ifelse(grepl("^Montreal", n$source), "加拿大", "瑞典"))
s <- data.frame(
  研究 = n$source,
  国家 = country,
  卒中单元组例数 = n$n1i,
  卒中单元组住院天数均值 = n$m1i,
  卒中单元组住院天数标准差 = n$sd1i,
  常规护理组例数 = n$n2i,
  常规护理组住院天数均值 = n$m2i,
  常规护理组住院天数标准差 = n$sd2i,
  check.names = FALSE
)
write.csv(s, "src/examples/stroke-unit-trials.csv", row.names = FALSE, quote = FALSE, fileEncoding = "UTF-8")
