# Regenerates r-fixture.json beside it (run from this folder): Rscript r-fixture.R
# Albumin-corrected calcium after Payne RB et al. Br Med J 1973;4:643-6, with the coefficients in
# clinical use: mmol/L: Ca + 0.02 * (40 - albumin g/L); mg/dL: Ca + 0.8 * (4 - albumin g/dL).
# Unit conversion: calcium 1 mmol/L = 4.008 mg/dL (molar mass 40.08 g/mol).
library(jsonlite)
cases <- list(
  list(unit = "si", ca = 2.1, alb = 30),
  list(unit = "si", ca = 2.35, alb = 42),
  list(unit = "si", ca = 1.85, alb = 18.5),
  list(unit = "us", ca = 8.2, alb = 2.5),
  list(unit = "us", ca = 10.9, alb = 4.6),
  list(unit = "us", ca = 7.6, alb = 1.9)
)
out <- lapply(cases, function(k) {
  corrected <- if (k$unit == "si") k$ca + 0.02 * (40 - k$alb) else k$ca + 0.8 * (4 - k$alb)
  c(k, list(correctedCa = corrected,
            correctedCaMmolL = if (k$unit == "si") corrected else corrected / 4.008,
            correctedCaMgDl = if (k$unit == "si") corrected * 4.008 else corrected))
})
writeLines(toJSON(out, auto_unbox = TRUE, digits = NA, pretty = TRUE), "r-fixture.json")
