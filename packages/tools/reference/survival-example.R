# Builds src/examples/survival-cohort.csv from R's survival::lung (NCCTG advanced lung cancer,
# Loprinzi et al. 1994; public data shipped with R). Values are R's own — only the column names are
# Chinese and the codes spelled out — so reference values computed on the CSV are R's.
# Run from this folder: Rscript survival-example.R
suppressPackageStartupMessages(library(survival))
l <- survival::lung
ecog_group <- ifelse(is.na(l$ph.ecog), NA, ifelse(l$ph.ecog >= 2, "ECOG 2-3", paste("ECOG", l$ph.ecog)))
d <- data.frame(
  编号 = seq_len(nrow(l)),
  `随访时间(天)` = l$time,
  结局 = ifelse(l$status == 2, "死亡", "删失"),
  年龄 = l$age,
  性别 = ifelse(l$sex == 1, "男", "女"),
  ECOG评分 = l$ph.ecog,
  体能状态 = ecog_group,
  医生评估KPS = l$ph.karno,
  患者自评KPS = l$pat.karno,
  每日摄入热量 = l$meal.cal,
  体重下降 = l$wt.loss,
  check.names = FALSE
)
write.csv(d, "../src/examples/survival-cohort.csv", row.names = FALSE, na = "", quote = FALSE, fileEncoding = "UTF-8")
