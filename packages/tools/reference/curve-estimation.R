# Reference numbers for advanced/curve-estimation/run.test.ts: SPSS CURVEFIT's models as lm() on the
# transformed variables, on the example (src/examples/hba1c-factors.csv: 糖化血红蛋白 on 病程年),
# and the logistic curve with upper bound 15. Run from packages/tools.
d <- read.csv("src/examples/hba1c-factors.csv", fileEncoding = "UTF-8")
x <- d$病程年; y <- d$糖化血红蛋白
u <- 15
fits <- list(
  linear = lm(y ~ x), logarithmic = lm(y ~ log(x)), inverse = lm(y ~ I(1 / x)),
  quadratic = lm(y ~ x + I(x^2)), cubic = lm(y ~ x + I(x^2) + I(x^3)),
  compound = lm(log(y) ~ x), power = lm(log(y) ~ log(x)), s = lm(log(y) ~ I(1 / x)),
  growth = lm(log(y) ~ x), exponential = lm(log(y) ~ x), logistic = lm(log(1 / y - 1 / u) ~ x)
)
for (m in names(fits)) {
  s <- summary(fits[[m]])
  cat(m, "R2", sprintf("%.12g", s$r.squared), "F", sprintf("%.12g", s$fstatistic[1]),
      "P", sprintf("%.12g", pf(s$fstatistic[1], s$fstatistic[2], s$fstatistic[3], lower.tail = FALSE)),
      "coef", sprintf("%.12g", coef(fits[[m]])), "se", sprintf("%.12g", coef(s)[, 2]), "\n")
}
# Original-scale R² of the power curve y = exp(a)·x^b.
pw <- coef(fits$power); yhat <- exp(pw[1]) * x^pw[2]
cat("power R2 original", sprintf("%.12g", 1 - sum((y - yhat)^2) / sum((y - mean(y))^2)), "\n")
