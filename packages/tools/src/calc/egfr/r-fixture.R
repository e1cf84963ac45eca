# Regenerates r-fixture.json beside it (run from this folder): Rscript r-fixture.R
# eGFR (mL/min/1.73 m^2) from serum creatinine (mg/dL = umol/L / 88.4):
#   CKD-EPI 2021 (race-free), Inker LA et al. N Engl J Med 2021;385:1737-49:
#     142 * min(Scr/k, 1)^a * max(Scr/k, 1)^-1.200 * 0.9938^age * 1.012 [female],
#     k = 0.7 (F) / 0.9 (M), a = -0.241 (F) / -0.302 (M)
#   MDRD (IDMS-traceable), Levey AS et al. Ann Intern Med 2006;145:247-54:
#     175 * Scr^-1.154 * age^-0.203 * 0.742 [female]
# KDIGO 2012 GFR category of the eGFR as reported (whole number): G1 >=90, G2 60-89, G3a 45-59,
# G3b 30-44, G4 15-29, G5 <15.
library(jsonlite)
ckdepi2021 <- function(scr, age, female) {
  k <- if (female) 0.7 else 0.9; a <- if (female) -0.241 else -0.302
  142 * min(scr / k, 1)^a * max(scr / k, 1)^-1.200 * 0.9938^age * (if (female) 1.012 else 1)
}
mdrd <- function(scr, age, female) 175 * scr^-1.154 * age^-0.203 * (if (female) 0.742 else 1)
stage <- function(e) as.character(cut(round(e), c(-Inf, 15, 30, 45, 60, 90, Inf), right = FALSE,
  labels = c("G5", "G4", "G3b", "G3a", "G2", "G1")))
cases <- list(
  list(scr = 80, unit = "umol", age = 60, sex = "male"),
  list(scr = 62, unit = "umol", age = 45, sex = "female"),
  list(scr = 1.0, unit = "mgdl", age = 50, sex = "male"),
  list(scr = 0.6, unit = "mgdl", age = 30, sex = "female"),
  list(scr = 2.4, unit = "mgdl", age = 72, sex = "female"),
  list(scr = 450, unit = "umol", age = 66, sex = "male"),
  list(scr = 1200, unit = "umol", age = 81, sex = "female")
)
out <- lapply(cases, function(k) {
  s <- if (k$unit == "umol") k$scr / 88.4 else k$scr
  f <- k$sex == "female"
  e1 <- ckdepi2021(s, k$age, f); e2 <- mdrd(s, k$age, f)
  c(k, list(scrMgDl = s, egfrCkdEpi2021 = e1, egfrMdrd = e2, stage = stage(e1), stageMdrd = stage(e2)))
})
writeLines(toJSON(out, auto_unbox = TRUE, digits = NA, pretty = TRUE), "r-fixture.json")
