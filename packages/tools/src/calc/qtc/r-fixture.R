# Regenerates r-fixture.json beside it (run from this folder): Rscript r-fixture.R
# QTc (ms) from QT (ms) and heart rate (bpm) or RR (ms); RR in seconds = 60 / HR:
#   Bazett HC. Heart 1920;7:353-70: QT / sqrt(RR)
#   Fridericia LS. Acta Med Scand 1920;53:469-86: QT / RR^(1/3)
#   Framingham, Sagie A et al. Am J Cardiol 1992;70:797-801: QT + 154 * (1 - RR)
#   Hodges M et al. J Am Coll Cardiol 1983;1:694 (abstract): QT + 1.75 * (HR - 60)
library(jsonlite)
cases <- list(
  list(qt = 400, input = "hr", hr = 75, rr = NA),
  list(qt = 360, input = "hr", hr = 110, rr = NA),
  list(qt = 480, input = "hr", hr = 48, rr = NA),
  list(qt = 420, input = "rr", hr = NA, rr = 950),
  list(qt = 300, input = "rr", hr = NA, rr = 450),
  list(qt = 520, input = "rr", hr = NA, rr = 1250)
)
out <- lapply(cases, function(k) {
  rr <- if (k$input == "hr") 60 / k$hr else k$rr / 1000
  hr <- 60 / rr
  c(k, list(rrSeconds = rr, heartRate = hr, bazett = k$qt / sqrt(rr), fridericia = k$qt / rr^(1/3),
            framingham = k$qt + 154 * (1 - rr), hodges = k$qt + 1.75 * (hr - 60)))
})
writeLines(toJSON(out, auto_unbox = TRUE, digits = NA, pretty = TRUE, na = "null"), "r-fixture.json")
