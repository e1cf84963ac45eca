# Reference values for the guided flows (small_process family, issue 16): the decision statistics
# (Shapiro–Wilk, Levene with median centre, expected counts) and the chosen test's headline numbers,
# on the shipped examples and on small constructed tables that send each flow down each branch
# (the same tables are written out in the tools' run.test.ts).
# Run from packages/tools: Rscript reference/small-process.R
ht <- read.csv("src/examples/hypertension-trial.csv", check.names = FALSE)
tg <- read.csv("src/examples/three-groups.csv", check.names = FALSE)
pain <- read.csv("src/examples/postop-pain.csv", check.names = FALSE)
p17 <- function(...) cat(sprintf("%.17g", c(...)), "\n")
sw <- function(y, g) tapply(y, g, function(v) shapiro.test(v)$p.value)
lev <- function(y, g) car::leveneTest(y ~ factor(g))[1, "Pr(>F)"]

cat("== flow-two-groups ==\n")
cat("example 治疗后收缩压 ~ 组别 (Mann-Whitney)\n")
p17(sw(ht$治疗后收缩压, ht$组别)); mw <- wilcox.test(治疗后收缩压 ~ factor(组别), ht, conf.int = TRUE); p17(mw$statistic, mw$p.value, mw$estimate, mw$conf.int)
two <- list(
  student = list(a = c(5.1, 4.8, 5.6, 5.0, 5.3, 4.9, 5.4, 5.2), b = c(5.9, 6.1, 5.7, 6.3, 5.8, 6.0, 6.2, 5.6)),
  welch = list(a = c(10.2, 9.8, 10.1, 10.0, 9.9, 10.3, 10.0, 9.7), b = c(12, 8, 15, 6, 14, 9, 13, 11)),
  mw = list(a = c(1.2, 1.5, 1.1, 1.3, 1.4, 1.2, 9.8, 1.6), b = c(2.1, 2.4, 2.2, 2.0, 2.6, 2.3, 2.5, 2.2))
)
for (k in names(two)) {
  y <- c(two[[k]]$a, two[[k]]$b); g <- rep(c("A", "B"), each = 8)
  cat(k, "\n"); p17(sw(y, g), lev(y, g))
  if (k == "mw") { w <- suppressWarnings(wilcox.test(y ~ g, conf.int = TRUE)); p17(w$statistic, w$p.value, w$estimate, w$conf.int) }
  else { t <- t.test(y ~ g, var.equal = k == "student"); p17(t$statistic, t$parameter, t$p.value, t$conf.int) }
}

cat("== flow-multi-groups ==\n")
cat("example 体重增量 ~ 组别 (ANOVA + Tukey)\n")
p17(sw(tg$体重增量, tg$组别), lev(tg$体重增量, tg$组别)); a <- anova(lm(体重增量 ~ 组别, tg)); p17(a$`F value`[1], a$`Pr(>F)`[1])
p17(TukeyHSD(aov(体重增量 ~ 组别, tg))$组别[, "p adj"])
multi <- list(
  welch = list(a = c(10.2, 9.8, 10.1, 10.0, 9.9, 10.3, 10.0, 9.7), b = c(12, 8, 15, 6, 14, 9, 13, 11), c = c(11.1, 10.9, 11.3, 11.0, 10.8, 11.2, 11.4, 10.7)),
  kw = list(a = c(1.2, 1.5, 1.1, 1.3, 1.4, 1.2, 9.8, 1.6), b = c(2.1, 2.4, 2.2, 2.0, 2.6, 2.3, 2.5, 2.2), c = c(3.1, 2.9, 3.3, 3.0, 2.8, 3.2, 3.4, 2.7))
)
for (k in names(multi)) {
  y <- unlist(multi[[k]], use.names = FALSE); g <- rep(c("A", "B", "C"), each = 8)
  cat(k, "\n"); p17(sw(y, g), lev(y, g))
  if (k == "welch") { o <- oneway.test(y ~ g); p17(o$statistic, o$parameter, o$p.value) }
  else { kw <- kruskal.test(y ~ factor(g)); p17(kw$statistic, kw$parameter, kw$p.value) }
}

cat("== flow-paired ==\n")
cat("example 治疗前 − 治疗后收缩压 (paired t)\n")
d <- ht$治疗前收缩压 - ht$治疗后收缩压; t <- t.test(ht$治疗前收缩压, ht$治疗后收缩压, paired = TRUE)
p17(shapiro.test(d)$p.value, t$statistic, t$p.value, t$conf.int)
cat("postop pain 6h − 24h (Wilcoxon)\n")
w <- suppressWarnings(wilcox.test(pain$术后6小时VAS, pain$术后24小时VAS, paired = TRUE, conf.int = TRUE))
p17(shapiro.test(pain$术后6小时VAS - pain$术后24小时VAS)$p.value, w$statistic, w$p.value, w$estimate, w$conf.int)

cat("== flow-categorical ==\n")
tabs <- list(
  example = table(ht$组别, ht$疗效),
  yates = matrix(c(30, 10, 2, 6), 2),
  fisher2x2 = matrix(c(8, 3, 2, 7), 2),
  fisherRC = matrix(c(5, 2, 6, 1, 4, 2), 3),
  pearsonRC = matrix(c(20, 15, 10, 15, 20, 25), 3)
)
for (k in names(tabs)) {
  tab <- tabs[[k]]; E <- suppressWarnings(chisq.test(tab))$expected
  cat(k, "n, min E, cells E<5\n"); p17(sum(tab), min(E), sum(E < 5))
  pc <- suppressWarnings(chisq.test(tab, correct = FALSE)); cat("pearson, yates (2x2), fisher\n")
  p17(pc$statistic, pc$p.value); if (all(dim(tab) == 2)) { yc <- suppressWarnings(chisq.test(tab)); p17(yc$statistic, yc$p.value) }
  p17(fisher.test(tab)$p.value)
}

cat("== flow-correlation ==\n")
cat("example 年龄, 治疗前收缩压 (Pearson)\n")
ct <- cor.test(ht$年龄, ht$治疗前收缩压); p17(shapiro.test(ht$年龄)$p.value, shapiro.test(ht$治疗前收缩压)$p.value, ct$estimate, ct$p.value, ct$conf.int)
cat("skewed (Spearman)\n")
x <- 1:12; y <- c(3, 1, 2.1, 1.5, 9, 2.2, 4, 50, 6, 15, 120, 25)
cs <- cor.test(x, y, method = "spearman"); p17(shapiro.test(x)$p.value, shapiro.test(y)$p.value, cs$estimate, cs$statistic, cs$p.value)
