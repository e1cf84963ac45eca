# R reference for the prediction-model flow on its example (src/examples/prediction-model.csv):
# the LASSO path coefficients at the λ the tool chose (glmnet on the same λ sequence: the folds
# differ from R's, so λ itself is taken from the tool), the refitted glm on the LASSO-selected
# variables, pROC's AUC with the DeLong CI, rms's apparent indexes (validate's index.orig, which
# involves no resampling), Hosmer–Lemeshow and the net benefit at the tenths. Writes r-fixture.json.
# Run from packages/tools: Rscript src/med/prediction-model-flow/r-fixture.R
suppressPackageStartupMessages({ library(jsonlite); library(glmnet); library(pROC); library(rms) })
d <- read.csv("src/examples/prediction-model.csv", check.names = FALSE, fileEncoding = "UTF-8")
xs <- c("年龄", "BMI", "肿瘤直径(cm)", "白蛋白(g/L)", "血红蛋白(g/L)", "C反应蛋白(mg/L)", "NLR", "手术时间(min)", "术中出血量(mL)", "血肌酐(μmol/L)")
fs <- c("性别", "糖尿病", "肿瘤分期")
x <- d[complete.cases(d[, c("术后并发症", xs, fs)]), ]
x$性别 <- factor(x$性别, levels = c("女", "男"))
x$糖尿病 <- factor(x$糖尿病, levels = c("否", "是"))
x$肿瘤分期 <- factor(x$肿瘤分期, levels = c("I期", "II期", "III期"))
y <- as.integer(x$术后并发症 == "是")
X <- model.matrix(as.formula(paste("~", paste(sprintf("`%s`", c(xs, fs)), collapse = " + "))), x)[, -1]
# λ.1se chosen by the tool with seed 2026 (its folds); the λ sequence is glmnet's own, so the same.
lambda_chosen <- 0.0381731939203192
path <- glmnet(X, y, family = "binomial", thresh = 1e-12)
lasso <- as.vector(coef(path, s = lambda_chosen, exact = TRUE, x = X, y = y, thresh = 1e-12))[-1]
names(lasso) <- colnames(X)
sel <- c("年龄", "肿瘤直径(cm)", "白蛋白(g/L)", "C反应蛋白(mg/L)", "NLR", "手术时间(min)", "性别", "糖尿病", "肿瘤分期")
f <- as.formula(paste("y ~", paste(sprintf("`%s`", sel), collapse = " + ")))
fit <- glm(f, binomial, x, control = glm.control(epsilon = 1e-14, maxit = 100))
p <- unname(fitted(fit))
r <- roc(y, p, direction = "<", levels = c(0, 1), quiet = TRUE)
ci <- ci.auc(r, method = "delong")
lfit <- lrm(f, data = cbind(x, y = y), x = TRUE, y = TRUE)
v <- validate(lfit, B = 0)
cut_p <- cut(p, breaks = quantile(p, probs = seq(0, 1, 0.1)), include.lowest = TRUE)
obs <- xtabs(cbind(1 - y, y) ~ cut_p); ex <- xtabs(cbind(1 - p, p) ~ cut_p)
hl <- sum((obs - ex)^2 / ex)
tenths <- round(seq(0.1, 0.8, by = 0.1), 10)
nb <- sapply(tenths, function(pt) { pos <- p >= pt; sum(pos & y == 1) / length(y) - sum(pos & y == 0) / length(y) * pt / (1 - pt) })
out <- list(
  n = nrow(x), events = sum(y), lambdaChosen = lambda_chosen, lassoColumns = colnames(X), lasso = unname(lasso), lassoMax = path$lambda[1],
  glmTerms = names(coef(fit)), glmCoef = unname(coef(fit)), glmSe = unname(sqrt(diag(vcov(fit)))),
  auc = as.numeric(r$auc), aucLower = ci[1], aucUpper = ci[3],
  dxy = unname(v["Dxy", "index.orig"]), r2 = unname(v["R2", "index.orig"]), brier = unname(v["B", "index.orig"]),
  hl = hl, hlP = 1 - pchisq(hl, 8), tenths = tenths, nb = nb)
writeLines(toJSON(out, digits = I(15), auto_unbox = TRUE), "src/med/prediction-model-flow/r-fixture.json")
