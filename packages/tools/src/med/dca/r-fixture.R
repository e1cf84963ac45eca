# R reference for the DCA tool on its example (src/examples/dca-demo.csv): net benefit written out
# from the formulas (dcurves is not in Debian), PHI评分 turned into a probability by glm (binary) and
# by coxph with Breslow ties (survival, t = 36), the fitted models' probabilities, and the
# threshold ranges where each model beats treat all and treat none. Writes r-fixture.json.
# Run from packages/tools: Rscript src/med/dca/r-fixture.R
suppressPackageStartupMessages({ library(jsonlite); library(survival) })
d <- read.csv("src/examples/dca-demo.csv", check.names = FALSE, fileEncoding = "UTF-8")
thr <- round(seq(0.01, 0.6, by = 0.01), 10)
tenths <- round(seq(0.1, 0.6, by = 0.1), 10)
nb <- function(y, risk, pt) { n <- length(y); sapply(pt, function(p) { pos <- risk >= p; sum(pos & y == 1) / n - sum(pos & y == 0) / n * p / (1 - p) }) }
beat <- function(v, all) { ok <- v > pmax(all, 0); if (!any(ok)) return(list(count = 0, from = NULL, to = NULL)); list(count = sum(ok), from = min(thr[ok]), to = max(thr[ok])) }
# Binary: rows complete in the outcome, the three columns and the model's variables.
x <- d[complete.cases(d[, c("高级别前列腺癌", "临床模型概率", "新模型概率", "PHI评分", "年龄", "PSA(ng/mL)", "直肠指检")]), ]
y <- as.integer(x$高级别前列腺癌 == "是")
ctl <- glm.control(epsilon = 1e-14, maxit = 100)
phi <- unname(fitted(glm(y ~ x$PHI评分, binomial, control = ctl)))
x$直肠指检 <- factor(x$直肠指检, levels = unique(x$直肠指检))
model <- unname(fitted(glm(y ~ 年龄 + `PSA(ng/mL)` + 直肠指检, binomial, x, control = ctl)))
all <- nb(y, rep(1, length(y)), thr)
risks <- list(临床模型概率 = x$临床模型概率, 新模型概率 = x$新模型概率, PHI评分 = phi, 拟合模型 = model)
binary <- list(n = nrow(x), events = sum(y), prevalence = mean(y), tenths = tenths,
  nb = lapply(risks, function(r) nb(y, r, tenths)), nbAll = nb(y, rep(1, length(y)), tenths),
  beat = lapply(risks, function(r) beat(nb(y, r, thr), all)))
# Survival at t = 36 months: PHI评分 by a univariable Cox model and a fitted Cox model, Breslow ties.
t0 <- 36
s <- d[complete.cases(d[, c("随访时间(月)", "生存状态", "PHI评分", "年龄", "PSA(ng/mL)", "高级别前列腺癌")]), ]
time <- s$`随访时间(月)`; status <- as.integer(s$生存状态 == "死亡")
km_risk <- function(idx) { if (!any(idx)) return(0); if (max(time[idx]) < t0) return(NA); 1 - summary(survfit(Surv(time[idx], status[idx]) ~ 1), times = t0, extend = TRUE)$surv }
nbs <- function(risk, pt) sapply(pt, function(p) { pos <- risk >= p; q <- mean(pos); r <- km_risk(pos); r * q - (1 - r) * q * p / (1 - p) })
cctl <- coxph.control(eps = 1e-12, toler.chol = 1e-15, iter.max = 100)
s$高级别前列腺癌 <- factor(s$高级别前列腺癌, levels = unique(s$高级别前列腺癌))
s$time <- time; s$status <- status
f1 <- coxph(Surv(time, status) ~ PHI评分, s, ties = "breslow", control = cctl)
f2 <- coxph(Surv(time, status) ~ 年龄 + `PSA(ng/mL)` + 高级别前列腺癌, s, ties = "breslow", control = cctl)
nd <- s; nd$time <- t0
srisks <- list(PHI评分 = unname(1 - exp(-predict(f1, newdata = nd, type = "expected"))), 拟合模型 = unname(1 - exp(-predict(f2, newdata = nd, type = "expected"))))
thr_s <- round(seq(0.01, 0.99, by = 0.01), 10)
all_s <- nbs(rep(1, nrow(s)), thr_s)
beat_s <- function(v) { ok <- !is.na(v) & v > pmax(all_s, 0); list(count = sum(ok), from = min(thr_s[ok]), to = max(thr_s[ok])) }
surv <- list(n = nrow(s), events = sum(status), prevalence = km_risk(rep(TRUE, nrow(s))), tenths = round(seq(0.1, 0.9, by = 0.1), 10),
  nb = lapply(srisks, function(r) nbs(r, round(seq(0.1, 0.9, by = 0.1), 10))), beat = lapply(srisks, function(r) beat_s(nbs(r, thr_s))))
writeLines(toJSON(list(binary = binary, survival = surv), digits = NA, auto_unbox = TRUE, null = "null", na = "null"), "src/med/dca/r-fixture.json")
