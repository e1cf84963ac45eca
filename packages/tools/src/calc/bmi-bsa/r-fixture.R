# Regenerates r-fixture.json beside it (run from this folder): Rscript r-fixture.R
# BMI = weight / height^2 (categorised as reported, to one decimal) with the Chinese adult
# categories (WS/T 428-2013: <18.5, 18.5-23.9,
# 24-27.9, >=28) and body surface area by
#   Du Bois D, Du Bois EF. Arch Intern Med 1916;17:863-71: 0.007184 * W^0.425 * H^0.725
#   Mosteller RD. N Engl J Med 1987;317:1098: sqrt(H * W / 3600)
#   Stevenson PH. Chin J Physiol 1937;12:327-30: 0.0061 * H + 0.0128 * W - 0.1529
# (H in cm, W in kg).
library(jsonlite)
category <- function(bmi) as.character(cut(bmi, c(-Inf, 18.5, 24, 28, Inf), right = FALSE,
  labels = c("偏瘦", "正常", "超重", "肥胖")))
cases <- list(c(170, 65), c(158, 45), c(175, 80), c(162, 78.5), c(185, 120), c(150, 41.6))
out <- lapply(cases, function(k) {
  h <- k[1]; w <- k[2]; bmi <- w / (h / 100)^2
  list(height = h, weight = w, bmi = bmi, category = category(round(bmi, 1)),
       bsaDuBois = 0.007184 * w^0.425 * h^0.725, bsaMosteller = sqrt(h * w / 3600),
       bsaStevenson = 0.0061 * h + 0.0128 * w - 0.1529)
})
writeLines(toJSON(out, auto_unbox = TRUE, digits = NA, pretty = TRUE), "r-fixture.json")
