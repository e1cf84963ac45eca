# Reference numbers of the Q-Q 图与 P-P 图 tests: Rscript fixture.R (from this folder) rewrites fixture.json.
# The band is car::qqPlot's pointwise envelope, written out in base R.
d <- read.csv("../../examples/qq-pp.csv", encoding = "UTF-8")
one <- function(v, level) {
  v <- sort(v); n <- length(v); P <- ppoints(n); z <- qnorm(P)
  q <- qqnorm(v, plot.it = FALSE)
  y <- quantile(v, c(0.25, 0.75)); x <- qnorm(c(0.25, 0.75))
  slope <- diff(y) / diff(x); int <- y[1] - slope * x[1]
  se <- (slope / dnorm(z)) * sqrt(P * (1 - P) / n); zz <- qnorm(1 - (1 - level) / 2)
  lo <- int + slope * z - zz * se; hi <- int + slope * z + zz * se
  sw <- shapiro.test(v)
  list(n = n, mean = mean(v), sd = sd(v), intercept = unname(int), slope = unname(slope), outside = sum(v < lo | v > hi),
    W = unname(sw$statistic), p = sw$p.value, theoretical = sort(q$x), lower = lo, upper = hi, fitted = pnorm(v, mean(v), sd(v)), empirical = P)
}
cost <- d$住院费用[!is.na(d$住院费用)]
x <- d[!is.na(d$身高) & d$性别 != "", ]
out <- list(cost = one(cost, 0.95), height = lapply(split(x$身高, x$性别), one, level = 0.9), small = one(c(3.1, 2.4, 5.6, 4.4, 3.9, 2.2, 6.1), 0.95))
writeLines(jsonlite::toJSON(out, digits = NA, auto_unbox = TRUE), "fixture.json")
