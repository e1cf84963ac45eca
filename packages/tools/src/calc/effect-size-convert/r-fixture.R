# Regenerates r-fixture.json beside it (run from this folder): Rscript r-fixture.R
# Borenstein M, Hedges LV, Higgins JPT, Rothstein HR. Introduction to Meta-Analysis. Wiley, 2009,
# chapter 7: d = ln(OR) * sqrt(3) / pi, V_d = V_lnOR * 3 / pi^2; r = d / sqrt(d^2 + a),
# V_r = a^2 V_d / (d^2 + a)^3, a = (n1 + n2)^2 / (n1 n2) (a = 4 for equal or unknown group sizes);
# d = sqrt(a) r / sqrt(1 - r^2), V_d = a V_r / (1 - r^2)^3. 95% CIs: normal on the d (= ln OR) scale, mapped.
library(jsonlite)
convert <- function(from, value, se, n1, n2) {
  a <- if (is.null(n1)) 4 else (n1 + n2)^2 / (n1 * n2)
  vin <- se^2
  if (from == "d") { d <- value; vd <- vin }
  if (from == "r") { d <- sqrt(a) * value / sqrt(1 - value^2); vd <- a * vin / (1 - value^2)^3 }
  if (from == "or") { d <- log(value) * sqrt(3) / pi; vd <- vin * 3 / pi^2 }
  r <- d / sqrt(d^2 + a)
  vr <- a^2 * vd / (d^2 + a)^3
  lor <- d * pi / sqrt(3)
  vlor <- vd * pi^2 / 3
  z <- qnorm(0.975)
  dl <- d - z * sqrt(vd); du <- d + z * sqrt(vd)
  list(a = a, d = d, r = r, or = exp(lor), logOr = lor,
       seD = sqrt(vd), seR = sqrt(vr), seLogOr = sqrt(vlor),
       dCiLower = dl, dCiUpper = du,
       rCiLower = dl / sqrt(dl^2 + a), rCiUpper = du / sqrt(du^2 + a),
       orCiLower = exp(dl * pi / sqrt(3)), orCiUpper = exp(du * pi / sqrt(3)))
}
cases <- list(
  list(from = "d", value = 0.5, se = 0.2),
  list(from = "r", value = 0.3, se = 0.08, n1 = 30, n2 = 50),
  list(from = "or", value = 2.5, se = 0.3),
  list(from = "d", value = -0.8, se = 0.25, n1 = 20, n2 = 80),
  list(from = "r", value = -0.45, se = 0.1),
  list(from = "or", value = 0.4, se = 0.25, n1 = 40, n2 = 60)
)
out <- lapply(cases, function(k) c(k, convert(k$from, k$value, k$se, k$n1, k$n2)))
writeLines(toJSON(out, auto_unbox = TRUE, digits = NA, pretty = TRUE), "r-fixture.json")
