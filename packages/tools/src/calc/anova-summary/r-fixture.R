# Regenerates r-fixture.json beside it (run from this folder): Rscript r-fixture.R
# Groups are built to have exactly the typed n, mean and SD (m + s·scale(z)); then anova(lm()),
# oneway.test(var.equal = FALSE) and bartlett.test give the reference numbers; η² = SSB/SST and
# ω² = (SSB − df1·MSW)/(SST + MSW).
library(jsonlite)
set.seed(8)
cases <- list(
  list(n = c(20, 22, 19), mean = c(5.2, 6.1, 7.4), sd = c(1.1, 1.3, 1.6)),
  list(n = c(8, 12, 10, 15), mean = c(110, 118, 104, 121), sd = c(12, 20, 9, 15)),
  list(n = c(5, 5), mean = c(3.3, 4.1), sd = c(0.9, 1.2))
)
out <- lapply(cases, function(k) {
  y <- unlist(lapply(seq_along(k$n), function(i) k$mean[i] + k$sd[i] * as.numeric(scale(rnorm(k$n[i])))))
  g <- factor(rep(seq_along(k$n), k$n))
  a <- anova(lm(y ~ g))
  w <- oneway.test(y ~ g, var.equal = FALSE)
  b <- bartlett.test(y, g)
  ssb <- a$`Sum Sq`[1]; ssw <- a$`Sum Sq`[2]; msw <- a$`Mean Sq`[2]
  c(k, list(f = a$`F value`[1], df1 = a$Df[1], df2 = a$Df[2], p = a$`Pr(>F)`[1], ssBetween = ssb, ssWithin = ssw,
            etaSquared = ssb / (ssb + ssw), omegaSquared = (ssb - a$Df[1] * msw) / (ssb + ssw + msw),
            welchF = unname(w$statistic), welchDf2 = unname(w$parameter[2]), welchP = w$p.value,
            bartlett = unname(b$statistic), bartlettP = b$p.value))
})
writeLines(toJSON(out, auto_unbox = TRUE, digits = NA, pretty = TRUE), "r-fixture.json")
