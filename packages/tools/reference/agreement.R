# Reference values for the agreement tools — Kappa 一致性 (kappa), ICC 组内相关 (icc) and Bland–Altman
# (bland-altman) — computed by R on ../src/examples/agreement.csv (written by agreement-data.R).
# Run from this folder: Rscript agreement.R. Needs psych and vcd. irr and BlandAltmanLeh are not in
# Debian, so Fleiss' kappa (Fleiss 1971; SE under κ = 0 of Fleiss, Nee & Landis 1979, as
# irr::kappam.fleiss(detail = TRUE)), the null-hypothesis SE of Cohen's kappa (Fleiss, Cohen & Everitt
# 1969) and Bland–Altman (Bland & Altman 1986, 1999) are the published formulas written out here.
suppressMessages({ library(psych); library(vcd) })
options(digits = 15)
d <- read.csv("../src/examples/agreement.csv", fileEncoding = "UTF-8", check.names = FALSE)
p <- function(label, x) cat(label, format(x, digits = 15), "\n")

# Cohen's kappa with agreement weights w (k × k); SE as Fleiss, Cohen & Everitt (1969), and under κ = 0.
kappa_ref <- function(a, b, weights = c("none", "linear", "quadratic"), level = 0.95) {
  weights <- match.arg(weights); lv <- sort(unique(c(a, b))); k <- length(lv)
  tab <- table(factor(a, lv), factor(b, lv)); n <- sum(tab); pr <- tab / n
  i <- matrix(1:k, k, k); j <- t(i)
  w <- switch(weights, none = diag(k), linear = 1 - abs(i - j) / (k - 1), quadratic = 1 - (i - j)^2 / (k - 1)^2)
  r <- rowSums(pr); cc <- colSums(pr); po <- sum(w * pr); pe <- sum(w * outer(r, cc)); kap <- (po - pe) / (1 - pe)
  wr <- drop(w %*% cc); wc <- drop(t(w) %*% r); W <- outer(wr, rep(1, k)) + outer(rep(1, k), wc)
  se <- sqrt((sum(pr * (w - W * (1 - kap))^2) - (kap - pe * (1 - kap))^2) / (n * (1 - pe)^2))
  se0 <- sqrt((sum(outer(r, cc) * (w - W)^2) - pe^2) / (n * (1 - pe)^2))
  z <- qnorm(1 - (1 - level) / 2)
  list(table = tab, n = n, kappa = kap, se = se, lower = kap - z * se, upper = kap + z * se, po = po, pe = pe, z = kap / se0, p = 2 * pnorm(-abs(kap / se0)))
}
show_kappa <- function(label, r) {
  cat("--", label, "\n"); print(r$table)
  p("n kappa se lower upper", c(r$n, r$kappa, r$se, r$lower, r$upper))
  p("po pe z p", c(r$po, r$pe, r$z, r$p))
}

cat("== Cohen's kappa: 医师A分级 vs 医师B分级 (n = 100)\n")
a <- d$医师A分级; b <- d$医师B分级
for (w in c("none", "linear", "quadratic")) show_kappa(w, kappa_ref(a, b, w))
show_kappa("none, 90% CI", kappa_ref(a, b, "none", 0.9))
ck <- cohen.kappa(cbind(a, b))
p("psych cohen.kappa: kappa, sqrt(var.kappa), confid", c(ck$kappa, sqrt(ck$var.kappa), ck$confid[1, ]))
p("psych cohen.kappa: weighted (quadratic)", ck$weighted.kappa)
vk <- Kappa(table(factor(a, 0:4), factor(b, 0:4)), weights = "Equal-Spacing")
p("vcd Kappa Equal-Spacing: unweighted value ASE, weighted value ASE", c(vk$Unweighted, vk$Weighted))
print(confint(vk), digits = 15)
vq <- Kappa(table(factor(a, 0:4), factor(b, 0:4)), weights = "Fleiss-Cohen")
p("vcd Kappa Fleiss-Cohen: weighted value ASE", vq$Weighted)
print(confint(vq), digits = 15)

cat("== Fleiss' kappa: 医师A分级, 医师B分级, 医师C分级 (complete rows)\n")
x <- na.omit(d[, c("医师A分级", "医师B分级", "医师C分级")])
lv <- sort(unique(unlist(x)))
counts <- t(apply(x, 1, function(r) table(factor(r, lv))))
fleiss_ref <- function(counts) { N <- nrow(counts); m <- sum(counts[1, ]); pj <- colSums(counts) / (N * m)
  Pi <- (rowSums(counts^2) - m) / (m * (m - 1)); Pe <- sum(pj^2); k <- (mean(Pi) - Pe) / (1 - Pe)
  se <- sqrt(2 / (N * m * (m - 1))) * sqrt(sum(pj * (1 - pj))^2 - sum(pj * (1 - pj) * (1 - 2 * pj))) / sum(pj * (1 - pj))
  kj <- 1 - colSums(counts * (m - counts)) / (N * m * (m - 1) * pj * (1 - pj)); zj <- kj / sqrt(2 / (N * m * (m - 1)))
  list(N = N, kappa = k, se = se, z = k / se, p = 2 * pnorm(-abs(k / se)), po = mean(Pi), pe = Pe, pj = pj, kj = kj, zj = zj, pjv = 2 * pnorm(-abs(zj))) }
f <- fleiss_ref(counts)
p("N kappa se z p", c(f$N, f$kappa, f$se, f$z, f$p))
p("observed expected", c(f$po, f$pe))
p("category proportions", f$pj); p("category kappa", f$kj); p("category z", f$zj); p("category p", f$pjv)
cat("-- pairwise Cohen's kappa on the same rows (psych cohen.kappa)\n")
ck3 <- cohen.kappa(x)
print(ck3$cohen.kappa, digits = 15); p("average (Light's) kappa", ck3$av.kappa)

cat("== ICC: 医师A测量, 医师B测量, 软件测量 (complete rows), psych::ICC\n")
m <- na.omit(d[, c("医师A测量", "医师B测量", "软件测量")])
for (alpha in c(0.05, 0.1)) {
  ic <- ICC(m, lmer = FALSE, alpha = alpha)
  cat("-- alpha", alpha, "n", nrow(m), "\n")
  print(ic$results[, c("type", "ICC", "F", "df1", "df2", "p", "lower bound", "upper bound")], digits = 15)
}
print(ICC(m, lmer = FALSE)$summary, digits = 15)

cat("== Bland-Altman: 医师A测量 − 软件测量 (Bland & Altman 1986, 1999)\n")
ba_ref <- function(dd, mm, level = 0.95) {
  n <- length(dd); s <- sd(dd); zz <- qnorm(1 - (1 - level) / 2); tt <- qt(1 - (1 - level) / 2, n - 1)
  se <- s * sqrt(1 / n + zz^2 / (2 * (n - 1)))
  p("n bias sd", c(n, mean(dd), s))
  p("bias CI", mean(dd) + c(-1, 1) * tt * s / sqrt(n))
  p("LoA", mean(dd) + c(-1, 1) * zz * s)
  p("lower LoA CI", mean(dd) - zz * s + c(-1, 1) * tt * se)
  p("upper LoA CI", mean(dd) + zz * s + c(-1, 1) * tt * se)
  tt0 <- t.test(dd); p("t df p (bias = 0)", c(tt0$statistic, tt0$parameter, tt0$p.value))
  fit <- summary(lm(dd ~ mm)); print(fit$coefficients, digits = 15); p("r.squared", fit$r.squared)
  p("outside LoA", sum(dd < mean(dd) - zz * s | dd > mean(dd) + zz * s))
}
y <- na.omit(d[, c("医师A测量", "软件测量")])
dif <- y$医师A测量 - y$软件测量; mn <- (y$医师A测量 + y$软件测量) / 2
ba_ref(dif, mn)
cat("-- 90% level\n"); ba_ref(dif, mn, 0.9)
cat("-- percentage differences: 100 (A − B) / mean\n"); ba_ref(100 * dif / mn, mn)
cat("-- 医师B测量 − 医师A测量 (one missing)\n")
y <- na.omit(d[, c("医师B测量", "医师A测量")])
ba_ref(y$医师B测量 - y$医师A测量, (y$医师B测量 + y$医师A测量) / 2)
