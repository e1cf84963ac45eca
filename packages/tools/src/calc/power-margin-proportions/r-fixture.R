# Regenerates r-fixture.json beside it (run from this folder): Rscript r-fixture.R
# Two proportions against a margin (Chow, Shao & Wang 2008, 4.2; normal approximation with the
# unpooled variance p1q1 + p2q2, p1 the test and p2 the control rate, larger = better, margin a
# positive size D):
#   non-inferiority  n = (z_{1-a} + z_{1-b})^2 v / (p1 - p2 + D)^2
#   superiority      n = (z_{1-a} + z_{1-b})^2 v / (p1 - p2 - D)^2
#   equivalence      n = (z_{1-a} + z_{1-b/2})^2 v / (D - |p1 - p2|)^2
# TrialSize (which tabulates these) is not installed, so the formulas are written out.
library(jsonlite)
cases <- list(
  list(design = "non-inferiority", p1 = 0.85, p2 = 0.85, margin = 0.1, sig = 0.025, power = 0.8),
  list(design = "non-inferiority", p1 = 0.6, p2 = 0.65, margin = 0.15, sig = 0.05, power = 0.9),
  list(design = "superiority", p1 = 0.75, p2 = 0.5, margin = 0.05, sig = 0.025, power = 0.8),
  list(design = "equivalence", p1 = 0.75, p2 = 0.8, margin = 0.2, sig = 0.05, power = 0.8),
  list(design = "equivalence", p1 = 0.4, p2 = 0.4, margin = 0.1, sig = 0.025, power = 0.9)
)
out <- lapply(cases, function(c) {
  za <- qnorm(1 - c$sig); b <- 1 - c$power
  v <- c$p1 * (1 - c$p1) + c$p2 * (1 - c$p2)
  delta <- c$p1 - c$p2
  if (c$design == "equivalence") {
    n <- (za + qnorm(1 - b / 2))^2 * v / (c$margin - abs(delta))^2
    p100 <- max(0, 2 * pnorm(sqrt(100) * (c$margin - abs(delta)) / sqrt(v) - za) - 1)
  } else {
    gap <- if (c$design == "non-inferiority") delta + c$margin else delta - c$margin
    n <- (za + qnorm(c$power))^2 * v / gap^2
    p100 <- pnorm(sqrt(100) * gap / sqrt(v) - za)
  }
  c(c, list(n = n, powerAt100 = p100))
})
writeLines(toJSON(out, auto_unbox = TRUE, digits = NA, pretty = TRUE), "r-fixture.json")
