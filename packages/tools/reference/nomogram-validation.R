# Reference numbers for the nomogram (1036) and model-validation (1037) tools on the example
# prediction-model.csv, printed for their run.test.ts. Run from packages/tools: Rscript reference/nomogram-validation.R
suppressPackageStartupMessages(library(rms))
options(digits = 15)
d <- read.csv("src/examples/prediction-model.csv", check.names = FALSE, fileEncoding = "UTF-8")
vars <- c("年龄", "白蛋白(g/L)", "C反应蛋白(mg/L)", "NLR", "性别", "糖尿病", "肿瘤分期")
x <- d[complete.cases(d[, c("术后并发症", vars)]), ]
x$y <- as.integer(x$术后并发症 == "是")
x$性别 <- factor(x$性别, levels = c("女", "男"))
x$糖尿病 <- factor(x$糖尿病, levels = c("否", "是"))
x$肿瘤分期 <- factor(x$肿瘤分期, levels = c("I期", "II期", "III期"))
dd <- datadist(x); options(datadist = "dd")
rhs <- paste(sprintf("`%s`", vars), collapse = " + ")
f <- lrm(as.formula(paste("y ~", rhs)), data = x, x = TRUE, y = TRUE)
cat("n", nrow(x), "events", sum(x$y), "\n"); print(coef(f))
nom <- nomogram(f, fun = plogis, fun.at = c(0.1, 0.5, 0.9), funlabel = "risk")
cat("sc", attr(nom, "info")$sc, "Intercept", attr(nom, "info")$Intercept, "\n")
print(nom$年龄$points); print(nom$肿瘤分期$points); print(nom$total.points$x); print(nom$risk$x)
p <- plogis(f$linear.predictors)
cat("C", somers2(p, x$y)[["C"]], "Dxy", somers2(p, x$y)[["Dxy"]], "R2", f$stats[["R2"]], "Brier", mean((x$y - p)^2), "\n")
# Hosmer–Lemeshow as ResourceSelection::hoslem.test(y, p, g = 10)
cut_p <- cut(p, breaks = quantile(p, probs = seq(0, 1, 0.1)), include.lowest = TRUE)
obs <- xtabs(cbind(1 - x$y, x$y) ~ cut_p); ex <- xtabs(cbind(1 - p, p) ~ cut_p)
hl <- sum((obs - ex)^2 / ex); cat("HL", hl, "P", 1 - pchisq(hl, 8), "\n")
set.seed(2026); v <- validate(f, B = 1000); print(v[c("Dxy", "R2", "Intercept", "Slope", "B"), c("index.orig", "optimism", "index.corrected")])
set.seed(2026); cc <- calibrate(f, B = 1000)
pr <- attr(cc, "predicted"); ok <- !is.na(cc[, "calibrated.corrected"])
e <- pr - approx(cc[ok, "predy"], cc[ok, "calibrated.corrected"], xout = pr, ties = mean)$y
cat("MAE", mean(abs(e), na.rm = TRUE), "\n")  # as print(cc) reports it

# Cox model on the same file
cv <- c("年龄", "白蛋白(g/L)", "NLR", "肿瘤分期")
s <- d[complete.cases(d[, c("随访时间(月)", "生存结局", cv)]), ]
s$status <- as.integer(s$生存结局 == "死亡"); s$time <- s[["随访时间(月)"]]
s$肿瘤分期 <- factor(s$肿瘤分期, levels = c("I期", "II期", "III期"))
dd <- datadist(s); options(datadist = "dd")
g <- cph(as.formula(paste("Surv(time, status) ~", paste(sprintf("`%s`", cv), collapse = " + "))), data = s, x = TRUE, y = TRUE, surv = TRUE,
         eps = 1e-12, iter.max = 100)  # converged as tightly as the engine (cph's default eps = 1e-4 leaves ~1e-5 in the centre)
cat("n", nrow(s), "events", sum(s$status), "\n"); print(coef(g)); cat("center", g$center, "\n")
S <- Survival(g); print(S(c(12, 24, 36, 60), 0))  # 60 months lies past the last follow-up: NA
ng <- nomogram(g, fun = list(function(lp) S(36, lp)), fun.at = c(0.2, 0.5, 0.8), funlabel = "S36")
cat("sc", attr(ng, "info")$sc, "Intercept", attr(ng, "info")$Intercept, "\n"); print(ng$S36$x); print(ng$total.points$x)

# Cox validation at u = 24 months, 5 risk groups (model-validation tool, survival outcome)
gu <- cph(as.formula(paste("Surv(time, status) ~", paste(sprintf("`%s`", cv), collapse = " + "))), data = s, x = TRUE, y = TRUE, surv = TRUE,
          time.inc = 24, eps = 1e-12, iter.max = 100)
cat("C", rcorr.cens(-gu$linear.predictors, Surv(s$time, s$status))[["C Index"]], "\n")
set.seed(2026); vc <- validate(gu, B = 1000); print(vc[c("Dxy", "R2", "Slope"), c("index.orig", "optimism", "index.corrected")])
set.seed(2026); kc <- calibrate(gu, cmethod = "KM", u = 24, m = floor(nrow(s) / 5), B = 1000)
print(kc[, c("mean.predicted", "KM", "mean.optimism", "KM.corrected")])
