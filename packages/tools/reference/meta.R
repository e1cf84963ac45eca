# Reference values for the meta-analysis tools (issue 16, item 11), printed to paste into
# src/med/meta-binary/run.test.ts and src/med/meta-continuous/run.test.ts.
# Run from packages/tools (needs r-cran-metafor):  Rscript reference/meta.R
suppressPackageStartupMessages(library(metafor))
p <- function(label, x) cat(sprintf("%s: %s\n", label, paste(sprintf("%.15g", x), collapse = ", ")))
ctl <- list(threshold = 1e-12, maxiter = 1000)
re_ref <- function(re, tag) {
  ci <- confint(re, control = list(tol = 1e-12))$random; pr <- predict(re)
  p(paste(tag, "estimate, lower, upper, z, p"), c(re$beta, re$ci.lb, re$ci.ub, re$zval, re$pval))
  p(paste(tag, "tau2, tau2 lower, tau2 upper, I2, H2, Q, Qp"), c(re$tau2, ci["tau^2", "ci.lb"], ci["tau^2", "ci.ub"], re$I2, re$H2, re$QE, re$QEp))
  p(paste(tag, "PI lower, upper"), c(pr$pi.lb, pr$pi.ub))
  p(paste(tag, "weights"), weights(re))
}
fe_ref <- function(fe, tag) p(paste(tag, "estimate, lower, upper, z, p, Q, Qp, weights"), c(fe$beta, fe$ci.lb, fe$ci.ub, fe$zval, fe$pval, fe$QE, fe$QEp, weights(fe)))
sub_ref <- function(dat, g, method, tag) {
  fits <- lapply(split(dat, factor(g, levels = unique(g))), function(x) if (nrow(x) > 1) rma(yi, vi, data = x, method = method, control = ctl) else rma(yi, vi, data = x, method = "FE"))
  b <- rma(sapply(fits, function(f) f$beta[1]), sei = sapply(fits, function(f) f$se), method = "FE")
  p(paste(tag, "subgroup estimates"), sapply(fits, function(f) f$beta[1]))
  p(paste(tag, "Q between, df, p"), c(b$QE, b$k - 1, b$QEp))
}

## Binary: the BCG trials ------------------------------------------------------------------------
b <- read.csv("src/examples/bcg-vaccine-trials.csv", check.names = FALSE)
cat("== BCG, RR: Mantel–Haenszel + REML, subgroups by 分配方式\n")
dat <- escalc("RR", ai = 接种组结核病例数, n1i = 接种组总人数, ci = 对照组结核病例数, n2i = 对照组总人数, data = b, drop00 = TRUE)
fe_ref(rma.mh(ai = 接种组结核病例数, n1i = 接种组总人数, ci = 对照组结核病例数, n2i = 对照组总人数, data = b, measure = "RR"), "MH RR")
re <- rma(yi, vi, data = dat, method = "REML", control = ctl)
re_ref(re, "REML RR")
eg <- regtest(re, model = "lm"); p("Egger t, df, p", c(eg$zval, eg$dfs, eg$pval))
sub_ref(dat, b$分配方式, "REML", "REML RR")
p("leave1out REML RR estimate", leave1out(re)$estimate)
p("leave1out REML RR p", leave1out(re)$pval)

cat("== BCG, OR: Peto + DL, fixed model headline\n")
dat <- escalc("OR", ai = 接种组结核病例数, n1i = 接种组总人数, ci = 对照组结核病例数, n2i = 对照组总人数, data = b, drop00 = TRUE)
peto <- rma.peto(ai = 接种组结核病例数, n1i = 接种组总人数, ci = 对照组结核病例数, n2i = 对照组总人数, data = b)
fe_ref(peto, "Peto OR")
re_ref(rma(yi, vi, data = dat, method = "DL"), "DL OR")
p("leave1out Peto estimate", leave1out(peto)$estimate)
p("Peto subgroup estimates + Q between", {
  fits <- lapply(split(b, factor(b$分配方式, levels = unique(b$分配方式))), function(x) rma.peto(ai = x$接种组结核病例数, n1i = x$接种组总人数, ci = x$对照组结核病例数, n2i = x$对照组总人数))
  bt <- rma(sapply(fits, function(f) f$beta[1]), sei = sapply(fits, function(f) f$se), method = "FE")
  c(sapply(fits, function(f) f$beta[1]), bt$QE, bt$QEp)
})

cat("== BCG, RD: inverse variance + REML\n")
dat <- escalc("RD", ai = 接种组结核病例数, n1i = 接种组总人数, ci = 对照组结核病例数, n2i = 对照组总人数, data = b)
fe_ref(rma(yi, vi, data = dat, method = "FE"), "IV RD")
re_ref(rma(yi, vi, data = dat, method = "REML", control = ctl), "REML RD")

cat("== Zero cells: 2 double-zero studies dropped for OR, ½ added to single-zero ones; MH OR + REML\n")
z <- data.frame(e1 = c(0, 3, 1, 12, 0, 0), n1 = c(25, 50, 30, 100, 40, 20), e2 = c(4, 9, 0, 20, 2, 0), n2 = c(25, 50, 30, 100, 40, 22))
fe_ref(rma.mh(ai = e1, n1i = n1, ci = e2, n2i = n2, data = z, measure = "OR"), "zeros MH OR")
re_ref(rma(yi, vi, data = escalc("OR", ai = e1, n1i = n1, ci = e2, n2i = n2, data = z, drop00 = TRUE), method = "REML", control = ctl), "zeros REML OR")

## Continuous: stroke units ----------------------------------------------------------------------
s <- read.csv("src/examples/stroke-unit-trials.csv", check.names = FALSE)
for (m in c("MD", "SMD")) {
  cat(sprintf("== Stroke units, %s\n", m))
  dat <- escalc(m, m1i = 卒中单元组住院天数均值, sd1i = 卒中单元组住院天数标准差, n1i = 卒中单元组例数,
                m2i = 常规护理组住院天数均值, sd2i = 常规护理组住院天数标准差, n2i = 常规护理组例数, data = s)
  fe_ref(rma(yi, vi, data = dat, method = "FE"), paste("FE", m))
  re <- rma(yi, vi, data = dat, method = if (m == "MD") "REML" else "DL", control = ctl)
  re_ref(re, paste(if (m == "MD") "REML" else "DL", m))
  eg <- regtest(re, model = "lm"); p(paste("Egger", m, "t, df, p"), c(eg$zval, eg$dfs, eg$pval))
  sub_ref(dat, s$国家, if (m == "MD") "REML" else "DL", m)
  p(paste("leave1out", m, "estimate"), leave1out(re)$estimate)
}
