# Regenerates r-fixture.json beside it (run from this folder): Rscript r-fixture.R
# Cockcroft DW, Gault MH. Prediction of creatinine clearance from serum creatinine. Nephron
# 1976;16:31-41: CrCl (mL/min) = (140 - age) * weight / (72 * Scr mg/dL) * 0.85 [female];
# normalised: CrCl * 1.73 / BSA, BSA by Du Bois (0.007184 * W^0.425 * H^0.725).
library(jsonlite)
cases <- list(
  list(scr = 80, unit = "umol", age = 60, weight = 70, height = 172, sex = "male"),
  list(scr = 62, unit = "umol", age = 45, weight = 55, height = 160, sex = "female"),
  list(scr = 1.4, unit = "mgdl", age = 78, weight = 62.5, height = 158, sex = "female"),
  list(scr = 0.9, unit = "mgdl", age = 25, weight = 95, height = 185, sex = "male"),
  list(scr = 320, unit = "umol", age = 70, weight = 48, height = 150, sex = "female")
)
out <- lapply(cases, function(k) {
  s <- if (k$unit == "umol") k$scr / 88.4 else k$scr
  crcl <- (140 - k$age) * k$weight / (72 * s) * (if (k$sex == "female") 0.85 else 1)
  bsa <- 0.007184 * k$weight^0.425 * k$height^0.725
  c(k, list(scrMgDl = s, crcl = crcl, bsa = bsa, crclNormalised = crcl * 1.73 / bsa))
})
writeLines(toJSON(out, auto_unbox = TRUE, digits = NA, pretty = TRUE), "r-fixture.json")
