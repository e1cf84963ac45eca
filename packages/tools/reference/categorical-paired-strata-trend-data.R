# Writes the example data of the paired (McNemar), stratified (CMH) and trend (Cochran–Armitage)
# χ² tools (simulated, fixed seed; deterministic). Run from this folder:
#   Rscript categorical-paired-strata-trend-data.R
# ../src/examples/paired-diagnosis.csv (示例数据_配对诊断.csv): 160 suspected gastric cancer patients
#   examined by two methods, with two pathologists' gradings (轻/中/重) of the same biopsies.
# ../src/examples/stratified-case-control.csv (示例数据_分层病例对照.csv): a case–control study of
#   smoking and lung cancer, 420 subjects in three age strata.
# ../src/examples/dose-response.csv (示例数据_剂量反应.csv): 200 patients in four dose groups and
#   whether they responded.
RNGversion("4.2.0")
set.seed(20240616)

# Paired diagnosis: the disease status drives both methods; method B (serology) misses more.
n <- 160
disease <- rbinom(n, 1, 0.45)
a <- ifelse(disease == 1, rbinom(n, 1, 0.90), rbinom(n, 1, 0.12))
b <- ifelse(disease == 1, rbinom(n, 1, 0.62), rbinom(n, 1, 0.10))
lat <- pmin(pmax(round(disease * 1.2 + rnorm(n, 0.6, 0.7)), 0), 2)
r1 <- pmin(pmax(lat + sample(c(-1, 0, 0, 0, 0, 1), n, TRUE), 0), 2)
r2 <- pmin(pmax(lat + sample(c(-1, 0, 0, 0, 1, 1), n, TRUE), 0), 2)
grade <- c("轻度", "中度", "重度")
d1 <- data.frame(
  编号 = sprintf("P%03d", seq_len(n)),
  性别 = sample(c("男", "女"), n, TRUE, prob = c(0.6, 0.4)),
  年龄 = round(rnorm(n, 58, 9)),
  胃镜活检 = ifelse(a == 1, "阳性", "阴性"),
  血清学筛查 = ifelse(b == 1, "阳性", "阴性"),
  医师甲分级 = grade[r1 + 1],
  医师乙分级 = grade[r2 + 1],
  check.names = FALSE
)
d1$血清学筛查[c(17, 88)] <- NA
d1$医师乙分级[c(40)] <- NA
write.csv(d1, "../src/examples/paired-diagnosis.csv", row.names = FALSE, quote = FALSE, na = "", fileEncoding = "UTF-8")

# Stratified case–control: the smoking OR is about 2.5 in every age stratum; older strata smoke
# more and have more cases (age confounds the crude OR).
strata <- data.frame(年龄组 = c("<50岁", "50~64岁", "≥65岁"), n = c(120, 160, 140), pcase = c(0.3, 0.5, 0.65), psmoke0 = c(0.25, 0.35, 0.45))
rows <- list()
for (s in seq_len(nrow(strata))) {
  k <- strata$n[s]
  case <- rbinom(k, 1, strata$pcase[s])
  odds0 <- strata$psmoke0[s] / (1 - strata$psmoke0[s])
  p1 <- ifelse(case == 1, 2.5 * odds0 / (1 + 2.5 * odds0), strata$psmoke0[s])
  smoke <- rbinom(k, 1, p1)
  rows[[s]] <- data.frame(年龄组 = strata$年龄组[s], 组别 = ifelse(case == 1, "病例", "对照"), 吸烟 = ifelse(smoke == 1, "吸烟", "不吸烟"), check.names = FALSE)
}
d2 <- do.call(rbind, rows)
d2 <- d2[sample(nrow(d2)), ]
d2 <- data.frame(编号 = sprintf("S%03d", seq_len(nrow(d2))), 性别 = sample(c("男", "女"), nrow(d2), TRUE, prob = c(0.7, 0.3)), d2, check.names = FALSE)
d2$吸烟[c(5, 211)] <- NA
write.csv(d2, "../src/examples/stratified-case-control.csv", row.names = FALSE, quote = FALSE, na = "", fileEncoding = "UTF-8")

# Dose response: response rises with dose, levelling off at the top dose.
doses <- data.frame(剂量组 = c("安慰剂", "低剂量", "中剂量", "高剂量"), 剂量 = c(0, 5, 10, 20), p = c(0.20, 0.34, 0.50, 0.56))
n3 <- 50
d3 <- do.call(rbind, lapply(seq_len(nrow(doses)), function(i) data.frame(剂量组 = doses$剂量组[i], 剂量 = doses$剂量[i], 疗效 = ifelse(rbinom(n3, 1, doses$p[i]) == 1, "缓解", "未缓解"), check.names = FALSE)))
d3 <- d3[sample(nrow(d3)), ]
d3 <- data.frame(编号 = sprintf("D%03d", seq_len(nrow(d3))), 年龄 = round(rnorm(nrow(d3), 52, 10)), d3, check.names = FALSE)
d3$疗效[c(33)] <- NA
write.csv(d3, "../src/examples/dose-response.csv", row.names = FALSE, quote = FALSE, na = "", fileEncoding = "UTF-8")
