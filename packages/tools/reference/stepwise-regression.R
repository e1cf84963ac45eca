# Reference numbers for advanced/stepwise-regression/run.test.ts: R's step() on the example
# (src/examples/hba1c-factors.csv), both directions by AIC, backward by BIC, forward with 年龄 kept;
# the final models by lm(), confint() and car::vif(). Run from packages/tools.
suppressPackageStartupMessages(library(car))
d <- read.csv("src/examples/hba1c-factors.csv", fileEncoding = "UTF-8")
vars <- c("年龄", "病程年", "BMI", "体重kg", "腰围cm", "收缩压", "甘油三酯", "高密度脂蛋白", "每周运动分钟", "性别")
x <- d[complete.cases(d[, c("糖化血红蛋白", vars)]), ]
x$性别 <- factor(x$性别, levels = c("女", "男"))
up <- reformulate(vars, "糖化血红蛋白")
full <- lm(up, data = x)
null <- lm(糖化血红蛋白 ~ 1, data = x)
show <- function(fit) {
  cat("terms:", attr(terms(fit), "term.labels"), "\n")
  cat("extractAIC:", format(extractAIC(fit, k = 2)[2], digits = 15), " BIC-scale:", format(extractAIC(fit, k = log(nrow(x)))[2], digits = 15), "\n")
  s <- summary(fit)
  print(format(cbind(coef(s), confint(fit)), digits = 12))
  cat("R2", format(s$r.squared, digits = 12), "adj", format(s$adj.r.squared, digits = 12), "F", format(s$fstatistic, digits = 12), "\n")
  if (length(coef(fit)) > 2) print(format(vif(fit), digits = 10))
}
cat("== both, AIC\n"); show(step(null, scope = list(lower = ~1, upper = up), direction = "both", trace = 0))
cat("== backward, BIC\n"); b <- step(full, direction = "backward", k = log(nrow(x)), trace = 1); show(b)
cat("== forward, AIC, keep 年龄\n"); show(step(lm(糖化血红蛋白 ~ 年龄, data = x), scope = list(lower = ~年龄, upper = up), direction = "forward", trace = 0))
cat("== SPSS-style entry p-values (add1 F test) along the forward path\n")
cur <- null
for (v in c("病程年", "BMI", "甘油三酯", "每周运动分钟")) {
  a <- add1(cur, up, test = "F")
  cat(v, sprintf("%.12g", a[v, "Pr(>F)"]), " extractAIC after:", sprintf("%.12g", extractAIC(update(cur, as.formula(paste(". ~ . +", v))))[2]), "\n")
  cur <- update(cur, as.formula(paste(". ~ . +", v)))
}
a <- add1(cur, up, test = "F"); cat("smallest remaining p", sprintf("%.12g", min(a[["Pr(>F)"]], na.rm = TRUE)), rownames(a)[which.min(a[["Pr(>F)"]])], "\n")
