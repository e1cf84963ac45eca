# Reference values for the multinomial logistic, ordinal logistic and count regression tools, on their
# example files (models-example.R builds them). Run from this folder: Rscript models.R
# multinom is run to a tight reltol so its BFGS optimum is the MLE to ~1e-10 (as packages/stats'
# fixtures); polr likewise (its SEs come from optimHess, a finite-difference Hessian); glm and glm.nb
# to epsilon 1e-14. The Brant test is Brant's (1990) formula written out (the brant package is not in
# Debian), as packages/stats/fixtures/make-fixtures.R does.
suppressPackageStartupMessages({ library(nnet); library(MASS); library(car) })
options(digits = 15)
show <- function(label, x) { cat(label, ":\n", sep = ""); print(signif(x, 15)) }

## 多分类 Logistic 回归 -------------------------------------------------------------------------------
w <- read.csv("../src/examples/women-labour.csv", check.names = FALSE, fileEncoding = "UTF-8")
w$y <- factor(w$就业状况, levels = c("未就业", "全职", "兼职"))          # reference first
w$inc <- w$`丈夫收入(千加元)`
w$kids <- factor(w$子女, levels = c("有", "无"))                            # the tests name 有 the reference
w$region <- factor(w$地区, levels = c("安大略", "草原省", "大西洋省", "不列颠哥伦比亚", "魁北克"))  # the tests name 安大略 the reference
mn <- multinom(y ~ inc + kids + region, data = w, trace = FALSE, reltol = 1e-16, abstol = 1e-300, maxit = 10000)
mn0 <- multinom(y ~ 1, data = w, trace = FALSE, reltol = 1e-16, abstol = 1e-300, maxit = 10000)
s <- summary(mn)
show("multinom coef", coef(mn)); show("multinom se", s$standard.errors)
z <- coef(mn) / s$standard.errors; show("multinom p", 2 * pnorm(-abs(z)))
show("multinom RRR lower", exp(coef(mn) - qnorm(0.975) * s$standard.errors))
show("multinom RRR upper", exp(coef(mn) + qnorm(0.975) * s$standard.errors))
lr <- deviance(mn0) - deviance(mn); n <- nrow(w)
show("multinom fit (dev, null dev, LR, df, P, AIC, BIC)", c(deviance(mn), deviance(mn0), lr, 12, pchisq(lr, 12, lower.tail = FALSE), AIC(mn), BIC(mn)))
cs <- 1 - exp(-lr / n)
show("multinom R2 (McFadden, Cox-Snell, Nagelkerke)", c(1 - deviance(mn) / deviance(mn0), cs, cs / (1 - exp(-deviance(mn0) / n))))
show("multinom Anova (type II LR)", as.matrix(Anova(mn)))
print(table(w$y, predict(mn)))
# Reference category 全职, region ordered with 安大略 first (the card's reference picker):
w$y2 <- relevel(w$y, "全职")
mn2 <- multinom(y2 ~ inc + kids, data = w, trace = FALSE, reltol = 1e-16, abstol = 1e-300, maxit = 10000)
show("multinom (ref 全职) coef", coef(mn2)); show("multinom (ref 全职) se", summary(mn2)$standard.errors)

## 有序 Logistic 回归 ---------------------------------------------------------------------------------
w$ord <- factor(w$就业状况, levels = c("未就业", "兼职", "全职"), ordered = TRUE)
ctl <- list(reltol = 1e-16, maxit = 10000)
po <- polr(ord ~ inc + kids, data = w, Hess = TRUE, control = ctl)
po0 <- polr(ord ~ 1, data = w, Hess = TRUE, control = ctl)
show("polr zeta", po$zeta); show("polr beta", coef(po)); show("polr se (zeta then beta)", sqrt(diag(vcov(po))))
b <- coef(po); sb <- sqrt(diag(vcov(po)))[names(b)]
show("polr P", 2 * pnorm(-abs(b / sb))); show("polr OR lower", exp(b - qnorm(0.975) * sb)); show("polr OR upper", exp(b + qnorm(0.975) * sb))
lr <- deviance(po0) - deviance(po); n <- nrow(w); cs <- 1 - exp(-lr / n)
show("polr fit (dev, null dev, LR, P, AIC, BIC, McFadden, Cox-Snell, Nagelkerke)",
  c(deviance(po), deviance(po0), lr, pchisq(lr, 2, lower.tail = FALSE), AIC(po), BIC(po), 1 - deviance(po) / deviance(po0), cs, cs / (1 - exp(-deviance(po0) / n))))
brant_ref <- function(y, X) {  # X without intercept; y ordered factor with J levels (Brant 1990)
  J <- nlevels(y); p <- ncol(X); fits <- lapply(1:(J - 1), function(j) glm(as.numeric(y) > j ~ X, family = binomial, control = glm.control(epsilon = 1e-14, maxit = 100)))
  Xi <- cbind(1, X); pi <- sapply(fits, fitted); beta <- unlist(lapply(fits, function(f) coef(f)[-1]))
  V <- matrix(0, (J - 1) * p, (J - 1) * p)
  for (j in 1:(J - 1)) for (l in j:(J - 1)) {
    Wjj <- pi[, j] - pi[, j] * pi[, j]; Wll <- pi[, l] - pi[, l] * pi[, l]; Wjl <- pi[, l] - pi[, j] * pi[, l]
    Ij <- solve(t(Xi) %*% (Xi * Wjj)); Il <- solve(t(Xi) %*% (Xi * Wll))
    blk <- (Ij %*% (t(Xi) %*% (Xi * Wjl)) %*% Il)[-1, -1, drop = FALSE]
    V[((j - 1) * p + 1):(j * p), ((l - 1) * p + 1):(l * p)] <- blk; V[((l - 1) * p + 1):(l * p), ((j - 1) * p + 1):(j * p)] <- t(blk) }
  D <- do.call(rbind, lapply(2:(J - 1), function(j) { m <- matrix(0, p, (J - 1) * p); m[, 1:p] <- diag(p); m[, ((j - 1) * p + 1):(j * p)] <- -diag(p); m }))
  omni <- drop(t(D %*% beta) %*% solve(D %*% V %*% t(D)) %*% (D %*% beta))
  each <- sapply(1:p, function(k) { rows <- seq(k, nrow(D), by = p); Dk <- D[rows, , drop = FALSE]
    drop(t(Dk %*% beta) %*% solve(Dk %*% V %*% t(Dk)) %*% (Dk %*% beta)) })
  c(omnibus = omni, df = (J - 2) * p, P = pchisq(omni, (J - 2) * p, lower.tail = FALSE), each = each, eachP = pchisq(each, J - 2, lower.tail = FALSE)) }
show("Brant (inc, kids)", brant_ref(w$ord, model.matrix(~ inc + kids, w)[, -1]))
# With region (安大略 the reference): drop1 LR of region and Brant per dummy.
po2 <- polr(ord ~ inc + kids + region, data = w, Hess = TRUE, control = ctl)
show("polr+region beta", coef(po2)); show("polr+region deviance", deviance(po2))
show("drop1 region (LR, P)", { d <- deviance(po) - deviance(po2); c(d, pchisq(d, 4, lower.tail = FALSE)) })
show("Brant (inc, kids, region)", brant_ref(w$ord, model.matrix(~ inc + kids + region, w)[, -1]))

## Poisson / 负二项回归 ----------------------------------------------------------------------------------
e <- read.csv("../src/examples/epilepsy-seizures.csv", check.names = FALSE, fileEncoding = "UTF-8")
e$trt <- factor(e$治疗组, levels = unique(e$治疗组))   # 安慰剂 first (first appearance)
e$age <- e$年龄; e$base <- e$基线发作次数; e$y <- e$随访发作次数
ctl <- glm.control(epsilon = 1e-14, maxit = 100)
count_ref <- function(f, data, offset = NULL) {
  data$off <- if (is.null(offset)) 0 else offset
  pf <- glm(f, poisson, data, offset = off, control = ctl)
  nf <- glm.nb(update(f, . ~ . + offset(off)), data, control = ctl)
  lr <- 2 * (as.numeric(logLik(nf)) - as.numeric(logLik(pf)))
  mu <- fitted(pf); aux <- ((data$y - mu)^2 - data$y) / mu; ct <- summary(lm(aux ~ 0 + mu))$coefficients
  show("Poisson coef (B, SE, z, P)", summary(pf)$coefficients); show("Poisson IRR CI", exp(confint.default(pf)))
  show("Poisson fit (logLik, dev, null dev, AIC, BIC, Pearson/df)", c(logLik(pf), deviance(pf), pf$null.deviance, AIC(pf), BIC(pf), sum(residuals(pf, "pearson")^2) / df.residual(pf)))
  show("NB coef (B, SE, z, P)", summary(nf)$coefficients); show("NB IRR CI", exp(confint.default(nf)))
  show("NB fit (logLik, dev, null dev, AIC, BIC, Pearson/df, theta, SE)", c(logLik(nf), deviance(nf), nf$null.deviance, AIC(nf), BIC(nf), sum(residuals(nf, "pearson")^2) / df.residual(nf), nf$theta, nf$SE.theta))
  show("NB model LR (null dev - dev, P)", c(nf$null.deviance - deviance(nf), pchisq(nf$null.deviance - deviance(nf), nf$df.null - nf$df.residual, lower.tail = FALSE)))
  show("overdispersion LR (stat, boundary P)", c(lr, pchisq(lr, 1, lower.tail = FALSE) / 2))
  show("Cameron-Trivedi (alpha, t, P) = AER::dispersiontest(pf, trafo = 2)", c(ct[1, 1], ct[1, 3], pnorm(ct[1, 3], lower.tail = FALSE)))
  invisible(list(p = pf, nb = nf))
}
cat("---- epilepsy: y ~ age + base + trt\n")
r1 <- count_ref(y ~ age + base + trt, e)
# Offset test: a synthetic exposure (weeks of follow-up, 6 to 10) so that the offset matters; the
# tool gets the weeks and takes log(weeks) itself. Also the Poisson model on a sub-model where the
# overdispersion test is checked on the same data.
e$weeks <- 6 + (seq_len(nrow(e)) %% 5)
cat("---- epilepsy with offset log(weeks): y ~ age + trt\n")
r2 <- count_ref(y ~ age + trt, e, log(e$weeks))
# A three-level factor for the LR test of a factor: age tertile-like groups by fixed cut-points.
e$agegrp <- factor(ifelse(e$age < 25, "<25岁", ifelse(e$age < 32, "25-31岁", "≥32岁")), levels = c("<25岁", "25-31岁", "≥32岁"))
cat("---- epilepsy: y ~ base + agegrp (NB), LR test of agegrp (theta re-estimated)\n")
n3 <- glm.nb(y ~ base + agegrp, e, control = ctl); n3r <- glm.nb(y ~ base, e, control = ctl)
show("NB agegrp coef", coef(n3)); show("anova(n3r, n3) LR, P", { a <- anova(n3r, n3); c(a$`LR stat.`[2], a$`Pr(Chi)`[2]) })
p3 <- glm(y ~ base + agegrp, poisson, e, control = ctl); show("Poisson drop1 agegrp", as.matrix(drop1(p3, test = "Chisq"))[3, ])
