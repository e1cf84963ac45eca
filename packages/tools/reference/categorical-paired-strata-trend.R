# Reference values for the 配对卡方 (mcnemar), 分层卡方 (cmh) and 趋势卡方 (trend-chisq) tool tests,
# computed by R on the examples written by categorical-paired-strata-trend-data.R. Run from this
# folder: Rscript categorical-paired-strata-trend.R. Base R only; Breslow–Day is written out (as
# DescTools::BreslowDayTest, which is not installed here).
options(digits = 15)
p <- function(label, x) cat(label, format(x, digits = 15), "\n")
rd <- function(f) read.csv(file.path("../src/examples", f), fileEncoding = "UTF-8", check.names = FALSE, na.strings = c("", "NA"))

cat("== McNemar: 胃镜活检 × 血清学筛查 (阳性 first)\n")
d <- rd("paired-diagnosis.csv")
x <- d[complete.cases(d[, c("胃镜活检", "血清学筛查")]), ]
lv <- c("阳性", "阴性")
tab <- table(factor(x$胃镜活检, lv), factor(x$血清学筛查, lv)); print(tab)
b <- tab[1, 2]; c <- tab[2, 1]; n <- sum(tab)
p("excluded", nrow(d) - nrow(x))
p("corrected X2 p", c(mcnemar.test(tab)$statistic, mcnemar.test(tab)$p.value))
p("uncorrected X2 p", c(mcnemar.test(tab, correct = FALSE)$statistic, mcnemar.test(tab, correct = FALSE)$p.value))
e <- binom.test(b, b + c, 0.5); p("exact p", e$p.value)
p("OR lower upper", c(b / c, e$conf.int / (1 - e$conf.int)))
p("p1 p2", c(sum(tab[1, ]) / n, sum(tab[, 1]) / n))
p("diff lower upper", (b - c) / n + c(0, -1, 1) * qnorm(0.975) * sqrt(b + c - (b - c)^2 / n) / n)
e90 <- binom.test(b, b + c, 0.5, conf.level = 0.9); p("OR CI 90%", e90$conf.int / (1 - e90$conf.int))

cat("== Bowker: 医师甲分级 × 医师乙分级\n")
x <- d[complete.cases(d[, c("医师甲分级", "医师乙分级")]), ]
g <- c("轻度", "中度", "重度")
tab3 <- table(factor(x$医师甲分级, g), factor(x$医师乙分级, g)); print(tab3)
m <- mcnemar.test(tab3); p("Bowker X2 df p", c(m$statistic, m$parameter, m$p.value)); p("excluded", nrow(d) - nrow(x))

cat("== CMH: 吸烟 × 组别 by 年龄组\n")
s <- rd("stratified-case-control.csv")
x <- s[complete.cases(s[, c("吸烟", "组别", "年龄组")]), ]
tab <- table(factor(x$吸烟, c("吸烟", "不吸烟")), factor(x$组别, c("病例", "对照")), factor(x$年龄组, c("<50岁", "50~64岁", "≥65岁"))); print(tab)
p("excluded", nrow(s) - nrow(x))
mh <- mantelhaen.test(tab); mh0 <- mantelhaen.test(tab, correct = FALSE)
p("CMH corrected X2 p", c(mh$statistic, mh$p.value)); p("CMH uncorrected X2 p", c(mh0$statistic, mh0$p.value))
p("MH OR lower upper", c(mh$estimate, mh$conf.int))
woolf <- function(m) { if (any(m == 0)) m <- m + 0.5; or <- m[1, 1] * m[2, 2] / (m[1, 2] * m[2, 1]); or * exp(c(0, -1, 1) * qnorm(0.975) * sqrt(sum(1 / m))) }
for (k in 1:3) p(paste("stratum", k, "OR lower upper"), woolf(tab[, , k]))
p("crude OR lower upper", woolf(margin.table(tab, 1:2)))
psi <- mh$estimate; a <- A <- V <- numeric(0)
for (k in seq_len(dim(tab)[3])) {
  m <- tab[, , k]; r1 <- sum(m[1, ]); c1 <- sum(m[, 1]); n <- sum(m)
  Ak <- uniroot(function(A) A * (n - r1 - c1 + A) - psi * (r1 - A) * (c1 - A), c(max(0, r1 + c1 - n), min(r1, c1)), tol = 1e-14)$root
  a <- c(a, m[1, 1]); A <- c(A, Ak); V <- c(V, 1 / (1 / Ak + 1 / (r1 - Ak) + 1 / (c1 - Ak) + 1 / (n - r1 - c1 + Ak)))
}
bd <- sum((a - A)^2 / V); tarone <- bd - (sum(a) - sum(A))^2 / sum(V)
p("BD Tarone pBD pTarone", c(bd, tarone, pchisq(bd, 2, lower.tail = FALSE), pchisq(tarone, 2, lower.tail = FALSE)))

cat("== Trend: 疗效 (缓解) ~ 剂量组\n")
t <- rd("dose-response.csv")
x <- t[complete.cases(t[, c("剂量组", "疗效")]), ]
g <- factor(x$剂量组, c("安慰剂", "低剂量", "中剂量", "高剂量"))
ev <- as.vector(tapply(x$疗效 == "缓解", g, sum)); tot <- as.vector(table(g)); p("events totals", c(ev, tot))
trend <- function(score) {
  tt <- prop.trend.test(ev, tot, score); pt <- prop.test(ev, tot, correct = FALSE)
  slope <- unname(coef(lm(I(ev / tot) ~ score, weights = tot))[2]); dep <- unname(pt$statistic - tt$statistic)
  p("Z X2 p slope", c(sign(slope) * sqrt(unname(tt$statistic)), tt$statistic, tt$p.value, slope))
  p("overall X2 p", c(pt$statistic, pt$p.value)); p("departure X2 p", c(dep, pchisq(dep, 2, lower.tail = FALSE)))
}
trend(1:4)
cat("-- scores = 剂量 (0, 5, 10, 20)\n")
trend(c(0, 5, 10, 20))
