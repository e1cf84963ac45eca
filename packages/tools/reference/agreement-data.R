# Generates ../src/examples/agreement.csv, the example of Kappa 一致性 (kappa), ICC 组内相关 (icc) and
# Bland–Altman (bland-altman): knee radiographs of 100 patients, each graded on the Kellgren–Lawrence
# scale (0–4) by three radiologists and its medial joint-space width (mm) measured by two radiologists
# by hand and once by software. Simulated, not real patients. Radiologist C grades one step higher
# now and then; the software under-reads wide joint spaces (a proportional bias, on purpose); one
# grade and one measurement are missing. Run from this folder: Rscript agreement-data.R.
set.seed(20250917)
n <- 100
severity <- rnorm(n, 1.9, 1.1)                     # latent radiographic severity
grade <- function(shift, noise) pmin(4, pmax(0, round(severity + shift + rnorm(n, 0, noise))))
kl_a <- grade(0, 0.3)
kl_b <- grade(0, 0.35)
kl_c <- grade(0.3, 0.35)
jsw <- pmax(0.5, 5.6 - 0.9 * severity + rnorm(n, 0, 0.6))   # true joint-space width, mm
jsw_a <- round(jsw + rnorm(n, 0, 0.22), 2)
jsw_b <- round(jsw + 0.12 + rnorm(n, 0, 0.28), 2)
jsw_sw <- round(0.15 + 0.9 * jsw + rnorm(n, 0, 0.18), 2)
kl_c[7] <- NA
jsw_b[23] <- NA
d <- data.frame(编号 = sprintf("K%03d", 1:n), 医师A分级 = kl_a, 医师B分级 = kl_b, 医师C分级 = kl_c,
                医师A测量 = jsw_a, 医师B测量 = jsw_b, 软件测量 = jsw_sw, check.names = FALSE)
write.csv(d, "../src/examples/agreement.csv", row.names = FALSE, quote = FALSE, na = "", fileEncoding = "UTF-8")
