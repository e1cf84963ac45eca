# Reference values for the tool tests (packages/tools/src/**/run.test.ts), computed by R on the
# example files. Run from this folder: Rscript tools.R. Needs r-cran-car and r-cran-nortest.
# The other scripts here (one per tool family) also use r-cran-survival, r-cran-proc, r-cran-epir,
# r-cran-psych, r-cran-vcd, r-cran-metafor, r-cran-emmeans, r-cran-jsonlite and MASS/nnet (r-recommended).
# R is never needed to run the tests, only to regenerate these reference values.
suppressMessages({ library(car); library(nortest) })
options(digits = 15)
d <- read.csv("../src/examples/hypertension-trial.csv", fileEncoding = "UTF-8")
g3 <- read.csv("../src/examples/three-groups.csv", fileEncoding = "UTF-8")
p <- function(label, x) cat(label, format(x, digits = 15), "\n")

cat("== normality: 治疗前收缩压\n")
x <- d$治疗前收缩压
p("shapiro W p", unlist(shapiro.test(x)[c("statistic", "p.value")]))
p("lillie D p", unlist(lillie.test(x)[c("statistic", "p.value")]))
p("ad A p", unlist(ad.test(x)[c("statistic", "p.value")]))

cat("== one-way ANOVA: 体重增量 ~ 组别\n")
g3$组别 <- factor(g3$组别)
a <- anova(lm(体重增量 ~ 组别, g3))
p("F df1 df2 p", c(a$`F value`[1], a$Df, a$`Pr(>F)`[1]))
p("eta2", a$`Sum Sq`[1] / sum(a$`Sum Sq`))
p("epsilon2", (a$`Sum Sq`[1] - a$Df[1] * a$`Mean Sq`[2]) / sum(a$`Sum Sq`))
w <- oneway.test(体重增量 ~ 组别, g3, var.equal = FALSE)
p("welch F df2 p", c(w$statistic, w$parameter[2], w$p.value))
p("levene median F p", unlist(leveneTest(体重增量 ~ 组别, g3)[1, c("F value", "Pr(>F)")]))
print(TukeyHSD(aov(体重增量 ~ 组别, g3))$组别, digits = 15)

cat("== chi-square: 组别 x 疗效\n")
tab <- table(d$组别, d$疗效)
p("pearson X2 p", unlist(chisq.test(tab, correct = FALSE)[c("statistic", "p.value")]))
p("yates X2 p", unlist(chisq.test(tab, correct = TRUE)[c("statistic", "p.value")]))
p("fisher p", fisher.test(tab)$p.value)

cat("== Mann-Whitney: 治疗后收缩压 ~ 组别\n")
mw <- suppressWarnings(wilcox.test(治疗后收缩压 ~ 组别, d, exact = FALSE, correct = TRUE))
p("W p", c(mw$statistic, mw$p.value))

cat("== Kruskal-Wallis: 体重增量 ~ 组别\n")
kw <- kruskal.test(体重增量 ~ 组别, g3)
p("H df p", c(kw$statistic, kw$parameter, kw$p.value))

cat("== correlation: 年龄, 治疗前收缩压\n")
ct <- cor.test(d$年龄, d$治疗前收缩压)
p("pearson r t p lo hi", c(ct$estimate, ct$statistic, ct$p.value, ct$conf.int))
cs <- suppressWarnings(cor.test(d$年龄, d$治疗前收缩压, method = "spearman", exact = FALSE))
p("spearman rho p", c(cs$estimate, cs$p.value))

cat("== linear regression: 治疗后收缩压 ~ 治疗前收缩压 + 年龄 + BMI + 组别\n")
d$组别 <- factor(d$组别)
m <- lm(治疗后收缩压 ~ 治疗前收缩压 + 年龄 + BMI + 组别, d)
p("standardized beta (model-matrix SDs)", coef(m)[-1] * apply(model.matrix(m)[, -1], 2, sd) / sd(model.response(model.frame(m))))
s <- summary(m)
print(coef(s), digits = 15)
p("r2 adj F p", c(s$r.squared, s$adj.r.squared, s$fstatistic[1], pf(s$fstatistic[1], s$fstatistic[2], s$fstatistic[3], lower.tail = FALSE)))
p("AIC", AIC(m))
print(confint(m), digits = 15)

cat("== scatter fit: 治疗后收缩压 ~ 治疗前收缩压\n")
f <- summary(lm(治疗后收缩压 ~ 治疗前收缩压, d))
p("b0 b1 r2 p", c(coef(f)[, 1], f$r.squared, coef(f)[2, 4]))
