# Regenerates r-fixture.json beside it (run from this folder): Rscript r-fixture.R
# Log-rank sample size with the formulas written out (no package implements both):
#   Schoenfeld (1981, 1983): d = (z_a + z_b)^2 / (pi (1 - pi) log(HR)^2), pi the control share;
#   Freedman (1982): d = (z_a + z_b)^2 (1 + k HR)^2 / (k (1 - HR)^2), k = n_treat / n_control.
# Event probability per arm: exponential survival (rate log(2)/median; treatment rate HR times it),
# uniform accrual over [0, a] then follow-up f: P = 1 - (1/a) * integral_f^{a+f} S(t) dt, here by
# numerical integration (integrate), not by the closed form the tool uses.
library(jsonlite)
cases <- list(
  list(method = "schoenfeld", hr = 0.7, median = 12, accrual = 24, followup = 12, k = 1, sig = 0.05, power = 0.9, alt = "two.sided"),
  list(method = "freedman", hr = 0.7, median = 12, accrual = 24, followup = 12, k = 1, sig = 0.05, power = 0.9, alt = "two.sided"),
  list(method = "schoenfeld", hr = 0.6, median = 2, accrual = 3, followup = 2, k = 2, sig = 0.05, power = 0.8, alt = "one.sided"),
  list(method = "freedman", hr = 1.5, median = 30, accrual = 12, followup = 24, k = 0.5, sig = 0.01, power = 0.8, alt = "two.sided"),
  list(method = "schoenfeld", hr = 0.75, median = 10, accrual = 0, followup = 18, k = 1, sig = 0.05, power = 0.8, alt = "two.sided")
)
eventProb <- function(rate, a, f) {
  S <- function(t) exp(-rate * t)
  if (a == 0) return(1 - S(f))
  1 - integrate(S, f, a + f, rel.tol = 1e-12)$value / a
}
out <- lapply(cases, function(c) {
  sides <- if (c$alt == "two.sided") 2 else 1
  z <- qnorm(1 - c$sig / sides) + qnorm(c$power)
  k <- c$k; pi <- 1 / (1 + k)
  d <- if (c$method == "schoenfeld") z^2 / (pi * (1 - pi) * log(c$hr)^2) else z^2 * (1 + k * c$hr)^2 / (k * (1 - c$hr)^2)
  lc <- log(2) / c$median
  pc <- eventProb(lc, c$accrual, c$followup)
  pt <- eventProb(lc * c$hr, c$accrual, c$followup)
  p <- pi * pc + (1 - pi) * pt
  n <- d / p
  # Power at a total of 200 subjects: expected events 200 * p.
  e200 <- 200 * p
  za <- qnorm(1 - c$sig / sides)
  pow <- if (c$method == "schoenfeld") pnorm(sqrt(e200 * pi * (1 - pi)) * abs(log(c$hr)) - za) else pnorm(sqrt(e200 * k) * abs(1 - c$hr) / (1 + k * c$hr) - za)
  c(c, list(events = d, pControl = pc, pTreat = pt, pEvent = p, n = n, powerAt200 = pow))
})
writeLines(toJSON(out, auto_unbox = TRUE, digits = NA, pretty = TRUE), "r-fixture.json")
