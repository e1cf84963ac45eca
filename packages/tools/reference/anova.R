# Reference values for the two-way ANOVA / ANCOVA and repeated-measures ANOVA tools (issue 16 item
# 12), on the shipped examples (reference/anova-example.R generates them).
# Run from packages/tools: Rscript reference/anova.R
suppressPackageStartupMessages({ library(car); library(emmeans) })
p17 <- function(...) cat(sprintf("%.17g", c(...)), "\n")

cat("== factorial-anova: 收缩压降幅 ~ 基线收缩压 + 治疗方案 * 性别 ==\n")
bp <- read.csv("src/examples/bp-factorial.csv", check.names = FALSE)
bp <- bp[complete.cases(bp[, c("收缩压降幅", "治疗方案", "性别", "基线收缩压")]), ]
bp$治疗方案 <- factor(bp$治疗方案, levels = unique(bp$治疗方案)); bp$性别 <- factor(bp$性别, levels = unique(bp$性别))
cat(levels(bp$治疗方案), "|", levels(bp$性别), "\n")
fit <- lm(收缩压降幅 ~ 基线收缩压 + 治疗方案 * 性别, bp, contrasts = list(治疗方案 = contr.sum, 性别 = contr.sum))
a3 <- Anova(fit, type = 3); print(a3)
cat("SS\n"); p17(a3[["Sum Sq"]]); cat("F\n"); p17(a3[["F value"]]); cat("P\n"); p17(a3[["Pr(>F)"]])
cat("R2, adjR2\n"); p17(summary(fit)$r.squared, summary(fit)$adj.r.squared)
e <- emmeans(fit, ~ 治疗方案); print(summary(e)); p17(summary(e)$emmean, summary(e)$lower.CL, summary(e)$upper.CL)
pt <- summary(pairs(e, adjust = "tukey"), infer = TRUE); print(pt); p17(pt$estimate, pt$p.value, pt$lower.CL, pt$upper.CL)
pb <- summary(pairs(emmeans(fit, ~ 性别), adjust = "tukey"), infer = TRUE); p17(pb$estimate, pb$p.value)
sb <- summary(pairs(emmeans(fit, ~ 治疗方案 | 性别), adjust = "tukey"), infer = TRUE); print(sb); p17(sb$estimate, sb$p.value)
bf <- summary(pairs(e, adjust = "bonferroni"), infer = TRUE); p17(bf$p.value, bf$lower.CL, bf$upper.CL)
cat("Levene (cells, median), Shapiro on residuals\n")
p17(leveneTest(收缩压降幅 ~ 治疗方案 * 性别, bp)[1, "Pr(>F)"], shapiro.test(residuals(fit))$p.value)
cat("slopes: 基线收缩压:治疗方案, 基线收缩压:性别\n")
s1 <- Anova(lm(收缩压降幅 ~ 基线收缩压 + 治疗方案 * 性别 + 基线收缩压:治疗方案, bp, contrasts = list(治疗方案 = contr.sum, 性别 = contr.sum)), type = 3)
s2 <- Anova(lm(收缩压降幅 ~ 基线收缩压 + 治疗方案 * 性别 + 基线收缩压:性别, bp, contrasts = list(治疗方案 = contr.sum, 性别 = contr.sum)), type = 3)
p17(s1["基线收缩压:治疗方案", "Pr(>F)"], s2["基线收缩压:性别", "Pr(>F)"])
cat("two-way without covariate or interaction: 收缩压降幅 ~ 治疗方案 + 性别\n")
f2 <- lm(收缩压降幅 ~ 治疗方案 + 性别, bp, contrasts = list(治疗方案 = contr.sum, 性别 = contr.sum))
a2 <- Anova(f2, type = 3); p17(a2[["F value"]][1:3], a2[["Pr(>F)"]][1:3])
p17(summary(emmeans(f2, ~ 治疗方案:性别))$emmean)

cat("== repeated-anova: HbA1c × 管理方案 ==\n")
h <- read.csv("src/examples/hba1c-followup.csv", check.names = FALSE)
tm <- c("基线HbA1c", "第3个月HbA1c", "第6个月HbA1c", "第12个月HbA1c")
h <- h[complete.cases(h[, c(tm, "管理方案")]), ]
Y <- as.matrix(h[, tm]); g <- factor(h$管理方案, levels = unique(h$管理方案))
av <- Anova(lm(Y ~ g, contrasts = list(g = contr.sum)), idata = data.frame(time = factor(1:4)), idesign = ~time, type = 3)
sm <- summary(av, multivariate = FALSE); print(sm)
u <- sm$univariate.tests; adj <- sm$pval.adjustments; mau <- sm$sphericity.tests
cat("between: F p; intercept F\n"); p17(u["g", "F value"], u["g", "Pr(>F)"], u["(Intercept)", "F value"])
cat("time: F p GGeps GGp HFeps HFp; mauchly W p\n"); p17(u["time", "F value"], u["time", "Pr(>F)"], adj["time", ], mau["time", ])
cat("interaction: F p GGp HFp\n"); p17(u["g:time", "F value"], u["g:time", "Pr(>F)"], adj["g:time", c(2, 4)])
cat("simple effects: time within each group (F, p, GG p); groups at each time (F, p)\n")
for (lv in levels(g)) { s <- summary(Anova(lm(Y[g == lv, ] ~ 1), idata = data.frame(time = factor(1:4)), idesign = ~time, type = 3), multivariate = FALSE)
  p17(s$univariate.tests["time", "F value"], s$univariate.tests["time", "Pr(>F)"], s$pval.adjustments["time", "Pr(>F[GG])"]) }
for (j in 1:4) { a <- anova(lm(Y[, j] ~ g)); p17(a[1, "F value"], a[1, "Pr(>F)"]) }
cat("one-way (no group): time F p, GG p; Bonferroni paired t\n")
s0 <- summary(Anova(lm(Y ~ 1), idata = data.frame(time = factor(1:4)), idesign = ~time, type = 3), multivariate = FALSE)
p17(s0$univariate.tests["time", "F value"], s0$univariate.tests["time", "Pr(>F)"], s0$pval.adjustments["time", "Pr(>F[GG])"], s0$sphericity.tests["time", ])
print(pairwise.t.test(as.vector(Y), rep(1:4, each = nrow(Y)), paired = TRUE, p.adjust.method = "bonferroni")$p.value, digits = 17)

cat("== the far tail of the studentized range (k = 3, df = 87) by direct integration ==\n")
# R's ptukey(lower.tail = FALSE) is 1 − lower tail, so tiny P values carry an absolute error of a
# few 1e-10. Integrating the upper tail directly (k = 3: Φ² − (Φ − Φ(z−w))² = b(2Φ − b), b = Φ(z−w)):
pr3 <- function(w) 3 * integrate(function(z) { b <- pnorm(z - w); dnorm(z) * b * (2 * pnorm(z) - b) }, -Inf, Inf, rel.tol = 1e-13, abs.tol = 0, subdivisions = 1000)$value
ptk3 <- function(q, df) integrate(Vectorize(function(s) exp(log(2) + (df / 2) * log(df / 2) - lgamma(df / 2) + (df - 1) * log(s) - df * s^2 / 2) * pr3(q * s)),
                                  0, Inf, rel.tol = 1e-12, abs.tol = 0, subdivisions = 1000)$value
for (t in c(pt$t.ratio[1], sb$t.ratio[1])) p17(ptukey(abs(t) * sqrt(2), 3, 87, lower.tail = FALSE), ptk3(abs(t) * sqrt(2), 87))
