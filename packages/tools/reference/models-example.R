# Builds the example files of the multinomial/ordinal logistic and count regression tools.
# src/examples/women-labour.csv: carData::Womenlf (Fox, 1984: 263 married Canadian women aged 21-30,
#   1977 Social Change in Canada survey), ordered by region — labour-force participation (not working / part-time /
#   full-time, an outcome with a natural order), husband's income ($1000s), children at home, region.
# src/examples/epilepsy-seizures.csv: MASS::epil (Thall & Vail, 1990: 59 epileptics in a
#   placebo-controlled trial of progabide) summed per patient over the four two-week visits — the
#   8-week seizure count, treatment, age and the 8-week baseline count.
# Run from this folder: Rscript models-example.R
library(MASS)
# Rows ordered by region (stable), so that the outcome's first appearance is its natural order
# (not working, part-time, full-time), which the ordinal tool takes when no order is typed.
w <- carData::Womenlf
w <- w[order(w$region), ]
d <- data.frame(
  编号 = sprintf("W%03d", seq_len(nrow(w))),
  就业状况 = c(not.work = "未就业", parttime = "兼职", fulltime = "全职")[as.character(w$partic)],
  `丈夫收入(千加元)` = w$hincome,
  子女 = c(absent = "无", present = "有")[as.character(w$children)],
  地区 = c(Atlantic = "大西洋省", BC = "不列颠哥伦比亚", Ontario = "安大略", Prairie = "草原省", Quebec = "魁北克")[as.character(w$region)],
  check.names = FALSE
)
write.csv(d, "../src/examples/women-labour.csv", row.names = FALSE, fileEncoding = "UTF-8", quote = FALSE)

e <- epil[order(epil$subject, epil$period), ]
s <- do.call(rbind, lapply(split(e, e$subject), function(p) data.frame(
  编号 = sprintf("E%02d", p$subject[1]),
  治疗组 = ifelse(p$trt[1] == "placebo", "安慰剂", "普罗加比"),
  年龄 = p$age[1],
  基线发作次数 = p$base[1],
  随访发作次数 = sum(p$y),
  check.names = FALSE
)))
write.csv(s, "../src/examples/epilepsy-seizures.csv", row.names = FALSE, fileEncoding = "UTF-8", quote = FALSE)
