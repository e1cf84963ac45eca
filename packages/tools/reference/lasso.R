# Reference numbers for the LASSO 变量筛选 tool's tests (src/med/lasso/run.test.ts) on the example
# 示例数据_临床预测模型.csv. Run from packages/tools: Rscript reference/lasso.R
# The tool's folds come from the engine's seeded generator (lassoFolds(294, 10, 2024)); they are
# written to reference/lasso-folds.txt (the test checks that the file still equals lassoFolds), so
# cv.glmnet here runs on exactly the tool's folds. thresh = 1e-14 so glmnet is fully converged.
suppressPackageStartupMessages({ library(glmnet); library(survival) })
d <- read.csv("src/examples/prediction-model.csv", check.names = FALSE, na.strings = "")
xs <- c("年龄", "BMI", "肿瘤直径(cm)", "白蛋白(g/L)", "血红蛋白(g/L)", "C反应蛋白(mg/L)", "NLR", "手术时间(min)", "术中出血量(mL)", "血肌酐(μmol/L)")
fs <- c("性别", "糖尿病", "肿瘤分期")
x <- d[complete.cases(d[, c("术后并发症", "随访时间(月)", "生存结局", xs, fs)]), ]
x$性别 <- factor(x$性别, levels = unique(x$性别))
x$糖尿病 <- factor(x$糖尿病, levels = unique(x$糖尿病))
x$肿瘤分期 <- factor(x$肿瘤分期, levels = unique(c("I期", x$肿瘤分期)))
X <- model.matrix(~ ., x[, c(xs, fs)])[, -1]
foldid <- scan("reference/lasso-folds.txt", quiet = TRUE)
stopifnot(length(foldid) == nrow(X))
show <- function(y, family) {
  cv <- cv.glmnet(X, y, family = family, foldid = foldid, thresh = 1e-14, maxit = 1e7)
  cat(family, ": n =", nrow(X), " nlambda =", length(cv$lambda), "\n")
  cat(sprintf("lambda.min %.12g lambda.1se %.12g lambda.max %.12g\n", cv$lambda.min, cv$lambda.1se, cv$lambda[1]))
  i <- match(c(cv$lambda.min, cv$lambda.1se), cv$lambda)
  cat(sprintf("cvm %.12g %.12g cvsd %.12g %.12g nzero %d %d\n", cv$cvm[i[1]], cv$cvm[i[2]], cv$cvsd[i[1]], cv$cvsd[i[2]], cv$nzero[i[1]], cv$nzero[i[2]]))
  b <- as.matrix(coef(cv$glmnet.fit, s = c(cv$lambda.min, cv$lambda.1se)))
  cat(paste0(sprintf("'%s': [%.12g, %.12g],", rownames(b), b[, 1], b[, 2]), collapse = "\n"), "\n")
}
show(as.integer(x$术后并发症 == "是"), "binomial")
show(Surv(x$`随访时间(月)`, as.integer(x$生存结局 == "死亡")), "cox")
