# Reference numbers for advanced/ridge-regression/run.test.ts: glmnet (alpha = 0, thresh 1e-14) and
# cv.glmnet on the example (src/examples/hba1c-factors.csv) with the tool's own folds
# (reference/ridge-folds.txt = lassoFolds(217, 10, 2024), checked in the test), lm() and car::vif().
# Run from packages/tools.
suppressPackageStartupMessages({ library(glmnet); library(car) })
d <- read.csv("src/examples/hba1c-factors.csv", fileEncoding = "UTF-8")
vars <- c("年龄", "病程年", "BMI", "体重kg", "腰围cm", "收缩压", "甘油三酯", "高密度脂蛋白", "每周运动分钟", "性别")
x <- d[complete.cases(d[, c("糖化血红蛋白", vars)]), ]
x$性别 <- factor(x$性别, levels = c("女", "男"))
X <- model.matrix(reformulate(vars), x)[, -1]
y <- x$糖化血红蛋白
foldid <- scan("reference/ridge-folds.txt", quiet = TRUE)
cv <- cv.glmnet(X, y, alpha = 0, foldid = foldid, thresh = 1e-14, maxit = 1e7)
p <- function(...) cat(sprintf("%.12g", c(...)), "\n")
cat("nlambda", length(cv$lambda), "lambda.max"); p(cv$lambda[1])
cat("lambda.min / 1se"); p(cv$lambda.min, cv$lambda.1se)
i <- match(c(cv$lambda.min, cv$lambda.1se), cv$lambda)
cat("cvm"); p(cv$cvm[i]); cat("cvsd"); p(cv$cvsd[i]); cat("dev.ratio"); p(cv$glmnet.fit$dev.ratio[i])
print(format(as.matrix(coef(cv$glmnet.fit, s = c(cv$lambda.min, cv$lambda.1se))), digits = 12))
fit <- lm(reformulate(vars, "糖化血红蛋白"), data = x)
print(format(coef(fit), digits = 12)); print(format(vif(fit), digits = 12))
