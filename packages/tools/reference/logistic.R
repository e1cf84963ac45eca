# Reference values for the binary logistic regression tool's tests
# (packages/tools/src/med/logistic-regression/run.test.ts), computed by R on the example file
# src/examples/birth-weight.csv (built by logistic-example.R from MASS::birthwt).
# Run from this folder: Rscript logistic.R. Needs MASS (profile CIs), pROC and car.
suppressPackageStartupMessages({ library(MASS); library(pROC); library(car) })
options(digits = 15)
d <- read.csv("../src/examples/birth-weight.csv", fileEncoding = "UTF-8", check.names = FALSE, na.strings = c("", "NA"))
p <- function(label, x) cat(label, paste(format(x, digits = 15), collapse = ", "), "\n")
d$y <- as.integer(d$低出生体重 == "是")
d$种族 <- factor(d$种族, levels = c("白人", "黑人", "其他"))
d$子宫激惹 <- factor(d$子宫激惹, levels = c("无", "有"))
for (v in c("孕期吸烟", "早产史", "高血压史")) d[[v]] <- factor(d[[v]], levels = unique(d[[v]]))
# Fitted to glm epsilon 1e-14 (the converged MLE), as the engine's own fixtures; glm's default 1e-8
# stops one IRLS step earlier or later than the engine depending on the model, moving SEs by ~1e-5.
lgt <- function(v, data = d) glm(reformulate(if (length(v)) sprintf("`%s`", v) else "1", response = "y"), binomial, data,
                                 control = glm.control(epsilon = 1e-14, maxit = 100))
vars <- c("母亲年龄", "母亲体重(kg)", "种族", "孕期吸烟", "早产史", "高血压史", "子宫激惹")

cat("== univariable: OR, Wald CI (confint.default), Wald P; LR P of the variable\n")
for (v in vars) {
  m <- lgt(v); s <- summary(m)$coefficients[-1, , drop = FALSE]; ci <- exp(confint.default(m))[-1, , drop = FALSE]
  for (k in seq_len(nrow(s))) p(paste0("  ", gsub("`", "", rownames(s)[k])), c(exp(s[k, 1]), ci[k, ], s[k, 4]))
  p(paste0("  LR P ", v), anova(lgt(character(0)), m, test = "Chisq")[2, "Pr(>Chi)"])
}

hl <- function(m) {
  pr <- fitted(m); g <- cut(pr, unique(quantile(pr, 0:10 / 10)), include.lowest = TRUE)
  o1 <- tapply(m$y, g, sum); e1 <- tapply(pr, g, sum); nn <- tapply(pr, g, length)
  s <- sum((o1 - e1)^2 / e1 + ((nn - o1) - (nn - e1))^2 / (nn - e1))
  c(s, nlevels(g) - 2, pchisq(s, nlevels(g) - 2, lower.tail = FALSE))
}
model <- function(v, label, profile = FALSE, cut = 0.5) {
  cat("==", label, "\n")
  m <- lgt(v); s <- summary(m)$coefficients
  ci <- exp(if (profile) confint(m) else confint.default(m))
  p("  terms", gsub("`", "", rownames(s)))
  p("  B", s[, 1]); p("  SE", s[, 2]); p("  P", s[, 4]); p("  OR lower", ci[, 1]); p("  OR upper", ci[, 2])
  n <- nrow(m$model); lr <- m$null.deviance - m$deviance; df <- m$df.null - m$df.residual
  cs <- 1 - exp(-lr / n)
  p("  LR df P", c(lr, df, pchisq(lr, df, lower.tail = FALSE)))
  p("  deviance null AIC BIC", c(m$deviance, m$null.deviance, AIC(m), BIC(m)))
  p("  CoxSnell Nagelkerke", c(cs, cs / (1 - exp(-m$null.deviance / n))))
  p("  HL", hl(m))
  pr <- fitted(m)
  p("  TP FN FP TN", c(sum(m$y == 1 & pr > cut), sum(m$y == 1 & pr <= cut), sum(m$y == 0 & pr > cut), sum(m$y == 0 & pr <= cut)))
  r <- roc(m$y, pr, levels = c(0, 1), direction = "<", quiet = TRUE)
  p("  AUC se lower upper", c(auc(r), sqrt(var(r, method = "delong")), as.numeric(ci.auc(r, method = "delong"))[c(1, 3)]))
  if (length(v) > 1) { vf <- vif(lm(reformulate(sprintf("`%s`", v), response = "y"), d)); print(vf) }
  dr <- drop1(m, test = "Chisq"); p("  drop1 P", dr[-1, "Pr(>Chi)"])
  invisible(m)
}
model(vars, "all entered, Wald CIs")
model(c("母亲体重(kg)", "种族", "早产史"), "three covariates, profile CIs, cut-off 0.3", profile = TRUE, cut = 0.3)

cat("== forward stepwise by LR P (enter < 0.05), as SPSS Forward:LR\n")
cur <- character(0)
repeat {
  m <- lgt(cur); cand <- setdiff(vars, cur); if (!length(cand)) break
  pv <- sapply(cand, function(v) anova(m, lgt(c(cur, v)), test = "Chisq")[2, "Pr(>Chi)"])
  if (min(pv) >= 0.05) break
  p(paste("  add", cand[which.min(pv)]), min(pv)); cur <- c(cur, cand[which.min(pv)])
}
p("  selected", vars[vars %in% cur])
cat("== backward stepwise by AIC, as step()\n")
full <- glm(reformulate(sprintf("`%s`", vars), response = "y"), binomial, d, control = glm.control(epsilon = 1e-14, maxit = 100))
st <- step(full, direction = "backward", trace = 0)
p("  selected", gsub("`", "", attr(terms(st), "term.labels"))); p("  AIC", AIC(st))
print(st$anova)
