# Reference values for the survival tools' tests (packages/tools/src/med/kaplan-meier/run.test.ts,
# packages/tools/src/med/cox-regression/run.test.ts), computed by R on the example file
# src/examples/survival-cohort.csv (built by survival-example.R from survival::lung).
# Run from this folder: Rscript survival.R. Needs survival (recommended) and survMisc.
suppressPackageStartupMessages({ library(survival); library(survMisc) })
options(digits = 15)
d <- read.csv("../src/examples/survival-cohort.csv", fileEncoding = "UTF-8", check.names = FALSE, na.strings = c("", "NA"))
d$time <- d[["随访时间(天)"]]
d$status <- as.integer(d$结局 == "死亡")
p <- function(label, x) cat(label, paste(format(x, digits = 15), collapse = ", "), "\n")
# Weighted log-rank (k groups): U = Σ w (d_g − d n_g/n), V = Σ w² d(n−d)/(n−1) (diag(n_g/n) − n_g n_h/n²),
# χ² on the first k−1 groups. With w = 1 and w = S(t−) it is survdiff rho = 0 and 1 (checked below);
# w = n is Gehan–Breslow, w = √n Tarone–Ware. survMisc::comp agrees for three or more groups, but
# for two it uses another variance (its log-rank misses survdiff's), so it is not the reference here.
wlr <- function(time, status, group, weight) {
  g <- factor(group); k <- nlevels(g); U <- numeric(k); V <- matrix(0, k, k); km <- 1
  for (t in sort(unique(time[status == 1]))) {
    r <- time >= t; n <- sum(r); d <- sum(time == t & status == 1)
    ng <- tabulate(g[r], k); dg <- tabulate(g[time == t & status == 1], k)
    w <- switch(weight, logrank = 1, gehan = n, tarone = sqrt(n), peto = km)
    U <- U + w * (dg - d * ng / n)
    if (n > 1) V <- V + w^2 * d * (n - d) / (n - 1) * (diag(ng / n, k) - outer(ng, ng) / n^2)
    km <- km * (1 - d / n)
  }
  chisq <- drop(U[-k] %*% solve(V[-k, -k, drop = FALSE], U[-k]))
  c(chisq = chisq, p = pchisq(chisq, k - 1, lower.tail = FALSE))
}
tests4 <- function(time, status, group) sapply(c("logrank", "gehan", "tarone", "peto"), function(w) wlr(time, status, group, w))
km_group <- function(fit, times, tau) {
  s <- summary(fit, times = times)
  q <- quantile(fit, c(0.25, 0.5, 0.75))
  m <- summary(fit, rmean = tau)$table
  for (g in seq_along(fit$strata %||% 1)) {
    cat("-- group", if (is.null(fit$strata)) "(all)" else names(fit$strata)[g], "\n")
    qq <- function(v) if (is.matrix(v)) v[g, ] else v
    p("  quantile 25/50/75", qq(q$quantile)); p("  lower", qq(q$lower)); p("  upper", qq(q$upper))
    sel <- if (is.null(fit$strata)) rep(TRUE, length(s$time)) else s$strata == names(fit$strata)[g]
    p("  at times", s$time[sel]); p("  n.risk", s$n.risk[sel]); p("  surv", s$surv[sel]); p("  std.err", s$std.err[sel])
    p("  lower", s$lower[sel]); p("  upper", s$upper[sel])
    mm <- if (is.matrix(m)) m[g, ] else m
    p("  rmean se", mm[c("rmean", "se(rmean)")])
  }
}
`%||%` <- function(a, b) if (is.null(a)) b else a

cat("== KM by 性别, log-log, times 180/365/730, tau 730\n")
d$sex <- factor(d$性别, levels = unique(d$性别))  # 男 first (first appearance)
f <- survfit(Surv(time, status) ~ sex, d, conf.type = "log-log")
km_group(f, c(180, 365, 730), 730)
m <- summary(f, rmean = 730)$table
diff <- m[2, "rmean"] - m[1, "rmean"]; se <- sqrt(sum(m[, "se(rmean)"]^2))
p("rmst diff (女 − 男) se p", c(diff, se, 2 * pnorm(-abs(diff / se))))
s0 <- survdiff(Surv(time, status) ~ sex, d); s1 <- survdiff(Surv(time, status) ~ sex, d, rho = 1)
p("logrank chisq obs exp", c(s0$chisq, s0$obs, s0$exp))
p("peto chisq obs exp var", c(s1$chisq, s1$obs, s1$exp, diag(s1$var)))
t4 <- tests4(d$time, d$status, d$sex); print(t4)
stopifnot(abs(t4[1, "logrank"] / s0$chisq - 1) < 1e-12, abs(t4[1, "peto"] / s1$chisq - 1) < 1e-12)  # wlr is survdiff

cat("== KM by 体能状态 (order ECOG 0 first), Peto–Peto, Holm; tau default\n")
x <- d[!is.na(d$体能状态), ]
x$g <- factor(x$体能状态, levels = unique(c("ECOG 0", x$体能状态)))
f3 <- survfit(Surv(time, status) ~ g, x, conf.type = "log-log")
tau3 <- min(tapply(x$time, x$g, max)); p("default tau", tau3)
km_group(f3, c(180, 365), tau3)
s3 <- survdiff(Surv(time, status) ~ g, x, rho = 1)
p("peto chisq", s3$chisq); p("obs", s3$obs); p("exp", s3$exp); p("var", diag(s3$var))
pr <- combn(levels(x$g), 2)
pw <- apply(pr, 2, function(g) { y <- droplevels(x[x$g %in% g, ]); survdiff(Surv(time, status) ~ g, y, rho = 1)$chisq })
p("pairs", apply(pr, 2, paste, collapse = "|")); p("pair chisq (rho 1)", pw)
pp <- pchisq(pw, 1, lower.tail = FALSE); p("pair p", pp); p("pair holm", p.adjust(pp, "holm"))
tw <- apply(pr, 2, function(g) { y <- droplevels(x[x$g %in% g, ]); wlr(y$time, y$status, y$g, "tarone") })
p("pair Tarone–Ware chisq", tw[1, ]); p("pair TW bonferroni", p.adjust(tw[2, ], "bonferroni"))
t4 <- tests4(x$time, x$status, x$g); print(t4)
tn <- ten(f3); invisible(capture.output(comp(tn))); l <- attr(tn, "lrt")  # three groups: survMisc agrees
stopifnot(max(abs(l$chiSq[1:3] / t4[1, 1:3] - 1)) < 1e-9)

cat("== KM overall, log CIs, tau = max time\n")
f1 <- survfit(Surv(time, status) ~ 1, d, conf.type = "log")
km_group(f1, c(365), max(d$time))

cox <- function(formula, data, ties = "efron") coxph(formula, data, ties = ties, control = coxph.control(eps = 1e-12, toler.chol = 1e-15, iter.max = 100), model = TRUE, x = TRUE)
show_cox <- function(fit, transform = "km") {
  s <- summary(fit)
  p("  names", names(coef(fit))); p("  coef", coef(fit)); p("  se", sqrt(diag(vcov(fit)))); p("  p", s$coefficients[, "Pr(>|z|)"])
  p("  HR lower", s$conf.int[, 3]); p("  HR upper", s$conf.int[, 4])
  p("  loglik", fit$loglik); p("  LR Wald score", c(2 * diff(fit$loglik), fit$wald.test, fit$score))
  p("  C se(C)", fit$concordance[c("concordance", "std")]); p("  AIC", AIC(fit))
  z <- cox.zph(fit, transform = transform); p("  zph terms", rownames(z$table)); p("  zph chisq", z$table[, "chisq"]); p("  zph p", z$table[, "p"])
}
cat("== Cox, example (Efron): 年龄 + 体重下降 + 性别 + 体能状态 (ref ECOG 0)\n")
cc <- d[complete.cases(d[, c("time", "status", "年龄", "体重下降", "性别", "体能状态")]), ]
cc$性别 <- factor(cc$性别, levels = unique(cc$性别))
cc$体能状态 <- factor(cc$体能状态, levels = unique(c("ECOG 0", cc$体能状态)))
p("n events", c(nrow(cc), sum(cc$status)))
for (v in c("年龄", "体重下降", "性别", "体能状态")) {
  u <- cox(as.formula(paste0("Surv(time, status) ~ `", v, "`")), cc); su <- summary(u)
  cat("-- univariable", v, "\n"); p("  HR", su$conf.int[, 1]); p("  lower", su$conf.int[, 3]); p("  upper", su$conf.int[, 4]); p("  p", su$coefficients[, "Pr(>|z|)"])
  p("  LR p", su$logtest[["pvalue"]])
}
m1 <- cox(Surv(time, status) ~ 年龄 + 体重下降 + 性别 + 体能状态, cc)
show_cox(m1)
m1r <- cox(Surv(time, status) ~ 年龄 + 体重下降 + 性别, cc)  # drop1(m1, test = "Chisq") for 体能状态
lrt <- 2 * (m1$loglik[2] - m1r$loglik[2]); p("drop1 体能状态 LRT p", c(lrt, pchisq(lrt, 2, lower.tail = FALSE)))

cat("== Cox, Breslow, strata(性别): 年龄 + 体能状态; cox.zph rank\n")
c2 <- d[complete.cases(d[, c("time", "status", "年龄", "体能状态", "性别")]), ]  # the rows this model uses
c2$体能状态 <- factor(c2$体能状态, levels = unique(c("ECOG 0", c2$体能状态)))
p("n events", c(nrow(c2), sum(c2$status)))
m2 <- cox(Surv(time, status) ~ 年龄 + 体能状态 + strata(性别), c2, ties = "breslow")
show_cox(m2, "rank")

cat("== Cox, screening at P < 0.05 (LR): 年龄, 性别, 体能状态 enter\n")
m3 <- cox(Surv(time, status) ~ 年龄 + 性别 + 体能状态, cc)
show_cox(m3)
