# Reference numbers of the 限制性立方样条 RCS tool's tests (src/med/rcs/run.test.ts) on its example
# src/examples/rcs-dose.csv: rms ols/lrm/cph with rcs(), anova(), likelihood-ratio tests from nested
# lm/glm/coxph fits and Predict(ref.zero = TRUE). Run from packages/tools: Rscript reference/rcs.R
suppressPackageStartupMessages(library(rms))
options(digits = 12)
d <- read.csv("src/examples/rcs-dose.csv", check.names = FALSE)
lr <- function(a, b) { s <- 2 * as.numeric(logLik(a) - logLik(b)); c(chisq = s, P = pchisq(s, attr(logLik(a), "df") - attr(logLik(b), "df"), lower.tail = FALSE)) }
show <- function(label, f, m1, m_lin, m0, at, fun) {
  cat("==", label, "\n"); a <- anova(f); print(a[c(1, 2), ])
  print(rbind(overall = lr(m1, m0), nonlinear = lr(m1, m_lin)))
  print(as.data.frame(if (is.null(fun)) Predict(f, E = at, ref.zero = TRUE) else Predict(f, E = at, ref.zero = TRUE, fun = fun))[, c("E", "yhat", "lower", "upper")])
}

# 1. Example defaults: 卒中 (logistic), 4 knots, adjusted for 年龄, 性别, 吸烟; reference = median.
x <- d[complete.cases(d[, c("卒中", "收缩压(mmHg)", "年龄", "性别", "吸烟")]), ]
x$E <- x$`收缩压(mmHg)`; x$Y <- as.integer(x$卒中 == "是")
x$性别 <- factor(x$性别, levels = unique(x$性别)); x$吸烟 <- factor(x$吸烟, levels = unique(x$吸烟))
kn <- rcspline.eval(x$E, nk = 4, knots.only = TRUE); print(kn)
dd <- datadist(x); dd$limits["Adjust to", "E"] <- median(x$E); options(datadist = "dd")
f <- lrm(Y ~ rcs(E, kn) + 年龄 + 性别 + 吸烟, data = x, tol = 1e-14)
show("logistic", f, glm(Y ~ rcs(E, kn) + 年龄 + 性别 + 吸烟, binomial, x), glm(Y ~ E + 年龄 + 性别 + 吸烟, binomial, x), glm(Y ~ 年龄 + 性别 + 吸烟, binomial, x), c(105, 130, 146, 170.2), exp)

# 2. Cox: 随访时间(月), 卒中; reference 120; adjusted for 年龄, 性别.
x <- d[complete.cases(d[, c("随访时间(月)", "卒中", "收缩压(mmHg)", "年龄", "性别")]), ]
x$E <- x$`收缩压(mmHg)`; x$time <- x$`随访时间(月)`; x$status <- as.integer(x$卒中 == "是")
kn <- rcspline.eval(x$E, nk = 4, knots.only = TRUE)
dd <- datadist(x); dd$limits["Adjust to", "E"] <- 120; options(datadist = "dd")
f <- cph(Surv(time, status) ~ rcs(E, kn) + 年龄 + 性别, data = x, eps = 1e-12, tol = 1e-13, iter.max = 100)
ctl <- coxph.control(eps = 1e-12, toler.chol = 1e-13, iter.max = 100)
show("cox", f, coxph(Surv(time, status) ~ rcs(E, kn) + 年龄 + 性别, x, control = ctl), coxph(Surv(time, status) ~ E + 年龄 + 性别, x, control = ctl),
     coxph(Surv(time, status) ~ 年龄 + 性别, x, control = ctl), c(105, 137, 164), exp)

# 3. Linear: 颈动脉IMT(mm), 3 knots at 110, 135, 160 (given), no covariates.
x <- d[complete.cases(d[, c("颈动脉IMT(mm)", "收缩压(mmHg)")]), ]
x$E <- x$`收缩压(mmHg)`; x$Y <- x$`颈动脉IMT(mm)`
kn <- c(110, 135, 160)
dd <- datadist(x); dd$limits["Adjust to", "E"] <- median(x$E); options(datadist = "dd")
f <- ols(Y ~ rcs(E, kn), data = x)
show("linear", f, lm(Y ~ rcs(E, kn), x), lm(Y ~ E, x), lm(Y ~ 1, x), c(100, 120, 160), NULL)
