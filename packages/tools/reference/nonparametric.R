# Reference values for the Wilcoxon signed-rank, one-sample, Friedman and two-sample KS tools and
# the Hodges–Lehmann part of the Mann–Whitney tool (issue 16), on the shipped examples.
# Run from packages/tools: Rscript reference/nonparametric.R
ht <- read.csv("src/examples/hypertension-trial.csv", check.names = FALSE)
pain <- read.csv("src/examples/postop-pain.csv", check.names = FALSE)
p17 <- function(...) cat(sprintf("%.17g", c(...)), "\n")

cat("== wilcoxon-signed-rank: 治疗前 vs 治疗后收缩压 ==\n")
w <- wilcox.test(ht$治疗前收缩压, ht$治疗后收缩压, paired = TRUE, conf.int = TRUE)
dd <- ht$治疗前收缩压 - ht$治疗后收缩压; dd <- dd[!is.na(dd) & dd != 0]; n <- length(dd); r <- rank(abs(dd)); tt <- table(r)
z <- (sum(r[dd > 0]) - n * (n + 1) / 4) / sqrt(n * (n + 1) * (2 * n + 1) / 24 - sum(tt^3 - tt) / 48)
p17(w$statistic, w$p.value, w$estimate, w$conf.int, n, z / sqrt(n))
w90 <- wilcox.test(ht$治疗前收缩压, ht$治疗后收缩压, paired = TRUE, conf.int = TRUE, conf.level = 0.9, alternative = "greater")
p17(w90$p.value, w90$estimate, w90$conf.int[1])

cat("== one-sample: 治疗后收缩压, mu = 140 ==\n")
y <- na.omit(ht$治疗后收缩压)
sw <- shapiro.test(y); tt1 <- t.test(y, mu = 140); w1 <- wilcox.test(y, mu = 140, conf.int = TRUE)
p17(sw$statistic, sw$p.value, tt1$statistic, tt1$p.value, tt1$conf.int, (mean(y) - 140) / sd(y))
p17(w1$statistic, w1$p.value, w1$estimate, w1$conf.int)

cat("== friedman: postop pain ==\n")
m <- as.matrix(na.omit(pain[, 3:6]))
ft <- friedman.test(m)
p17(ft$statistic, ft$parameter, ft$p.value, ft$statistic / (nrow(m) * (ncol(m) - 1)))
pr <- combn(ncol(m), 2)
pw <- apply(pr, 2, function(ij) suppressWarnings(wilcox.test(m[, ij[1]], m[, ij[2]], paired = TRUE)))
cat("wilcoxon V\n"); p17(sapply(pw, function(x) x$statistic))
cat("wilcoxon p\n"); p17(sapply(pw, function(x) x$p.value))
cat("wilcoxon holm\n"); p17(p.adjust(sapply(pw, function(x) x$p.value), "holm"))
# Conover (1999) §5.8, as PMCMRplus::frdAllPairsConoverTest with a p.adjust method (not in Debian).
rk <- t(apply(m, 1, rank)); R <- colSums(rk); n <- nrow(m); k <- ncol(m); A <- sum(rk^2)
se <- sqrt(2 * (n * A - sum(R^2)) / ((n - 1) * (k - 1)))
tv <- (R[pr[1, ]] - R[pr[2, ]]) / se; pc <- 2 * pt(-abs(tv), (n - 1) * (k - 1))
cat("conover t\n"); p17(tv); cat("conover p\n"); p17(pc); cat("conover bonferroni\n"); p17(p.adjust(pc, "bonferroni"))

cat("== ks-two-sample: 治疗后收缩压 by 组别 ==\n")
g <- factor(ht$组别); yy <- ht$治疗后收缩压; ok <- !is.na(yy) & !is.na(g)
k1 <- ks.test(yy[ok & g == levels(g)[1]], yy[ok & g == levels(g)[2]])
k2 <- ks.test(yy[ok & g == levels(g)[1]], yy[ok & g == levels(g)[2]], alternative = "less")
print(levels(g)); p17(k1$statistic, k1$p.value, k1$exact, k2$statistic, k2$p.value)

cat("== mann-whitney HL: 治疗后收缩压 by 组别 ==\n")
mw <- wilcox.test(治疗后收缩压 ~ factor(组别), ht, conf.int = TRUE)
p17(mw$statistic, mw$p.value, mw$estimate, mw$conf.int)
