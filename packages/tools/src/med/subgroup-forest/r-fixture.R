# R reference for the subgroup tool on its example (src/examples/subgroup-trial.csv) with the card's
# parameters: exposure 治疗组 (reference 对照组), covariates 年龄 + 分期, subgroups 年龄 (cut at its
# median), 性别, 糖尿病, 分期, ECOG评分. Per level: glm / coxph (Efron) / lm with the covariates other
# than the subgroup variable; interaction: anova() of the models with and without 治疗组:亚组.
# Writes r-fixture.json under the report's result names. Run from packages/tools:
#   Rscript src/med/subgroup-forest/r-fixture.R
suppressPackageStartupMessages({ library(jsonlite); library(survival) })
d <- read.csv("src/examples/subgroup-trial.csv", check.names = FALSE, fileEncoding = "UTF-8")
ctl <- glm.control(epsilon = 1e-14, maxit = 100)
cctl <- coxph.control(eps = 1e-12, toler.chol = 1e-15, iter.max = 100)
subs <- c("年龄", "性别", "糖尿病", "分期", "ECOG评分")
covs <- c("年龄", "分期")
one <- function(type) {
  x <- switch(type,
    binary = d[complete.cases(d[, c("主要终点事件", "治疗组", subs, covs)]), ],
    survival = d[complete.cases(d[, c("随访时间(月)", "生存状态", "治疗组", subs, covs)]), ],
    continuous = d[complete.cases(d[, c("生活质量评分变化", "治疗组", subs, covs)]), ])
  x$y <- switch(type, binary = as.integer(x$主要终点事件 == "是"), survival = as.integer(x$生存状态 == "死亡"), continuous = x$生活质量评分变化)
  x$time <- x$`随访时间(月)`
  x$trt <- factor(x$治疗组, levels = c("对照组", "试验组"))
  m <- median(x$年龄)
  x$sg_年龄 <- ifelse(x$年龄 <= m, paste0("≤", m), paste0(">", m))
  for (s in subs[-1]) x[[paste0("sg_", s)]] <- as.character(x[[s]])
  x$cov_年龄 <- x$年龄; x$cov_分期 <- factor(x$分期, levels = c("I期", "II期", "III期"))
  fit <- function(data, cv) {
    rhs <- paste(c("trt", paste0("cov_", cv)), collapse = " + ")
    if (type == "binary") { f <- glm(as.formula(paste("y ~", rhs)), binomial, data, control = ctl); s <- summary(f)$coefficients["trt试验组", ]; c(s[[1]], s[[2]], s[[4]]) }
    else if (type == "survival") { f <- coxph(as.formula(paste("Surv(time, y) ~", rhs)), data, control = cctl); s <- summary(f)$coefficients["trt试验组", ]; c(s[["coef"]], s[["se(coef)"]], s[["Pr(>|z|)"]]) }
    else { f <- lm(as.formula(paste("y ~", rhs)), data); s <- summary(f)$coefficients["trt试验组", ]; ci <- confint(f)["trt试验组", ]; c(s[[1]], s[[2]], s[[4]], ci[[1]], ci[[2]]) }
  }
  out <- list()
  put <- function(key, v) {
    z <- qnorm(0.975)
    if (type == "continuous") { out[[paste0("estimate.", key)]] <<- v[1]; out[[paste0("lower.", key)]] <<- v[4]; out[[paste0("upper.", key)]] <<- v[5] }
    else { out[[paste0("estimate.", key)]] <<- exp(v[1]); out[[paste0("lower.", key)]] <<- exp(v[1] - z * v[2]); out[[paste0("upper.", key)]] <<- exp(v[1] + z * v[2]) }
    out[[paste0("p.", key)]] <<- v[3]
  }
  put("总体", fit(x, covs))
  out[["n.总体"]] <- nrow(x)
  for (s in subs) {
    g <- x[[paste0("sg_", s)]]
    for (l in unique(g)) {
      put(paste0(s, "=", l), fit(x[g == l, ], setdiff(covs, s)))
      out[[paste0("n.", s, "=", l)]] <- sum(g == l)
    }
    cv <- paste0("cov_", setdiff(covs, s)); sg <- paste0("sg_", s)
    rhs0 <- paste(c("trt", sg, cv), collapse = " + "); rhs1 <- paste(rhs0, "+", paste0("trt:", sg))
    if (type == "binary") { a <- anova(glm(as.formula(paste("y ~", rhs0)), binomial, x, control = ctl), glm(as.formula(paste("y ~", rhs1)), binomial, x, control = ctl), test = "LRT"); st <- a$Deviance[2]; p <- a[["Pr(>Chi)"]][2] }
    else if (type == "survival") { a <- anova(coxph(as.formula(paste("Surv(time, y) ~", rhs0)), x, control = cctl), coxph(as.formula(paste("Surv(time, y) ~", rhs1)), x, control = cctl)); st <- a$Chisq[2]; p <- a[["Pr(>|Chi|)"]][2] }
    else { a <- anova(lm(as.formula(paste("y ~", rhs0)), x), lm(as.formula(paste("y ~", rhs1)), x)); st <- a$F[2]; p <- a[["Pr(>F)"]][2] }
    out[[paste0("interactionStatistic.", s)]] <- st; out[[paste0("pInteraction.", s)]] <- p; out[[paste0("interactionDf.", s)]] <- a$Df[2]
  }
  out
}
writeLines(toJSON(list(binary = one("binary"), survival = one("survival"), continuous = one("continuous")), digits = NA, auto_unbox = TRUE), "src/med/subgroup-forest/r-fixture.json")
