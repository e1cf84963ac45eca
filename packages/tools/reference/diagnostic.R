# Reference values for the ROC (roc-curve) and diagnostic-accuracy (diagnostic-test) tool tests,
# computed by R on ../src/examples/diagnostic-markers.csv (written by diagnostic-markers.R).
# Run from this folder: Rscript diagnostic.R. Needs pROC and epiR.
suppressMessages({ library(pROC); library(epiR) })
options(digits = 15)
d <- read.csv("../src/examples/diagnostic-markers.csv", fileEncoding = "UTF-8", check.names = FALSE)
p <- function(label, x) cat(label, format(x, digits = 15), "\n")
markers <- c("S100B蛋白", "NDKA蛋白", "WFNS分级")

cat("== ROC: markers ~ 预后 (positive 不良), direction auto\n")
rocs <- lapply(markers, function(m) roc(d$预后, d[[m]], levels = c("良好", "不良"), direction = "auto", quiet = TRUE))
names(rocs) <- markers
for (m in markers) {
  r <- rocs[[m]]
  se <- sqrt(var(r, method = "delong"))
  cat("--", m, "direction", r$direction, "cases", length(r$cases), "controls", length(r$controls), "\n")
  p("auc se lo hi", c(as.numeric(auc(r)), se, as.numeric(ci.auc(r, method = "delong"))[c(1, 3)]))
  p("p (z = (AUC - 0.5)/SE)", 2 * pnorm(-abs(as.numeric(auc(r)) - 0.5) / se))
  b <- coords(r, "best", best.method = "youden", ret = c("threshold", "sensitivity", "specificity", "ppv", "npv", "accuracy"))
  print(b, digits = 15)
  p("youden", b$sensitivity + b$specificity - 1)
  co <- coords(r, "all", ret = c("threshold", "sensitivity", "specificity", "ppv", "npv"))
  p("n thresholds", nrow(co))
  print(head(co, 3), digits = 15)
}

cat("== roc.test paired DeLong\n")
for (pair in combn(markers, 2, simplify = FALSE)) {
  t <- roc.test(rocs[[pair[1]]], rocs[[pair[2]]], method = "delong", paired = TRUE)
  p(paste(pair, collapse = " vs "), c(t$statistic, t$p.value, t$conf.int, t$estimate[1] - t$estimate[2]))
}

cat("== ROC: NDKA蛋白 with the direction forced to '>' (lower values positive)\n")
r <- roc(d$预后, d$NDKA蛋白, levels = c("良好", "不良"), direction = ">", quiet = TRUE)
p("auc lo hi", c(as.numeric(auc(r)), as.numeric(ci.auc(r, method = "delong"))[c(1, 3)]))
p("90% lo hi", as.numeric(ci.auc(r, method = "delong", conf.level = 0.9))[c(1, 3)])

cat("== Diagnostic accuracy: S100B检测结果 (阳性) vs 预后 (不良)\n")
tab <- table(factor(d$S100B检测结果, levels = c("阳性", "阴性")), factor(d$预后, levels = c("不良", "良好")))
print(tab)
show <- function(tab, method) {
  e <- epi.tests(tab, method = method, conf.level = 0.95)$detail
  rownames(e) <- e$statistic
  print(e[c("se", "sp", "pv.pos", "pv.neg", "diag.ac", "tp", "lr.pos", "lr.neg", "youden", "diag.or"), ], digits = 15)
  e
}
e <- show(tab, "exact")
tp <- tab[1, 1]; fp <- tab[1, 2]; fn <- tab[2, 1]; tn <- tab[2, 2]
p("binom.test sens spec", c(binom.test(tp, tp + fn)$conf.int, binom.test(tn, tn + fp)$conf.int))
w <- show(tab, "wilson")
p("prop.test sens ppv", c(prop.test(tp, tp + fn, correct = FALSE)$conf.int, prop.test(tp, tp + fp, correct = FALSE)$conf.int))
# PPV and NPV at a given prevalence (Bayes); CI: logit(PPV) = log(LR+) + logit(prev), so the
# log-method LR interval carries over (Mercaldo, Lau & Zhou 2007).
atPrev <- function(e, prev) {
  o <- prev / (1 - prev)
  ppv <- function(lr) lr * o / (lr * o + 1)
  npv <- function(lr) 1 / (1 + lr * o)
  c(ppv(e["lr.pos", "est"]), ppv(e["lr.pos", "lower"]), ppv(e["lr.pos", "upper"]),
    npv(e["lr.neg", "est"]), npv(e["lr.neg", "upper"]), npv(e["lr.neg", "lower"]))
}
p("prevalence 0.1: ppv lo hi npv lo hi", atPrev(e, 0.1))
se <- e["se", "est"]; sp <- e["sp", "est"]
p("Bayes check ppv npv", c(se * 0.1 / (se * 0.1 + (1 - sp) * 0.9), sp * 0.9 / (sp * 0.9 + (1 - se) * 0.1)))

cat("== Diagnostic accuracy with no false positives: tp 8, fn 4, fp 0, tn 20\n")
z <- as.table(matrix(c(8, 0, 4, 20), nrow = 2, byrow = TRUE))
e0 <- suppressWarnings(show(z, "exact"))
p("binom.test spec", binom.test(20, 20)$conf.int)
