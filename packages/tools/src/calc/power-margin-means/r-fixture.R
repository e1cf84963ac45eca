# Regenerates r-fixture.json beside it (run from this folder): Rscript r-fixture.R
# Two means against a margin (Chow, Shao & Wang 2008, 3.2; normal approximation, larger = better,
# margin entered as a positive size D):
#   non-inferiority  n = 2 s^2 (z_{1-a} + z_{1-b})^2 / (delta + D)^2
#   superiority      n = 2 s^2 (z_{1-a} + z_{1-b})^2 / (delta - D)^2
#   equivalence      n = 2 s^2 (z_{1-a} + z_{1-b/2})^2 / (D - |delta|)^2
# TrialSize (which tabulates these) is not installed, so the formulas are written out.
library(jsonlite)
cases <- list(
  list(design = "non-inferiority", delta = 0, sd = 10, margin = 5, sig = 0.025, power = 0.8),
  list(design = "non-inferiority", delta = 1, sd = 8, margin = 3, sig = 0.05, power = 0.9),
  list(design = "superiority", delta = 6, sd = 10, margin = 2, sig = 0.025, power = 0.8),
  list(design = "equivalence", delta = 0, sd = 10, margin = 5, sig = 0.05, power = 0.8),
  list(design = "equivalence", delta = 1, sd = 5, margin = 4, sig = 0.025, power = 0.9)
)
out <- lapply(cases, function(c) {
  za <- qnorm(1 - c$sig); b <- 1 - c$power
  se1 <- sqrt(2) * c$sd  # SD of a difference per unit n
  if (c$design == "equivalence") {
    n <- se1^2 * (za + qnorm(1 - b / 2))^2 / (c$margin - abs(c$delta))^2
    p50 <- max(0, 2 * pnorm(sqrt(50) * (c$margin - abs(c$delta)) / se1 - za) - 1)
  } else {
    gap <- if (c$design == "non-inferiority") c$delta + c$margin else c$delta - c$margin
    n <- se1^2 * (za + qnorm(c$power))^2 / gap^2
    p50 <- pnorm(sqrt(50) * gap / se1 - za)
  }
  c(c, list(n = n, powerAt50 = p50))
})
writeLines(toJSON(out, auto_unbox = TRUE, digits = NA, pretty = TRUE), "r-fixture.json")
