# Reference numbers of the 密度图 tests: Rscript fixture.R (from this folder) rewrites fixture.json.
d <- read.csv("../../examples/density.csv", encoding = "UTF-8")
d <- d[!is.na(d$空腹血糖) & d$组别 != "", ]
lv <- sort(unique(d$组别))
kd <- function(v, bw, at) sapply(at, function(t) mean(dnorm((t - v) / bw)) / bw)
bw <- sapply(lv, function(l) bw.nrd0(d$空腹血糖[d$组别 == l]), USE.NAMES = FALSE)
lo <- min(sapply(seq_along(lv), function(i) min(d$空腹血糖[d$组别 == lv[i]]) - 3 * bw[i] * 1.5))
hi <- max(sapply(seq_along(lv), function(i) max(d$空腹血糖[d$组别 == lv[i]]) + 3 * bw[i] * 1.5))
grid <- seq(lo, hi, length.out = 256)
out <- list(groups = lv, bw = bw,
  # adjust = 1.5: densities of each group at grid points 51, 101, 151
  dens = lapply(seq_along(lv), function(i) kd(d$空腹血糖[d$组别 == lv[i]], bw[i] * 1.5, grid[c(51, 101, 151)])),
  # R's own (binned) density() at its grid point 256 of 512, for the 1e-3 agreement
  rdens = { v <- d$空腹血糖[d$组别 == lv[1]]; r <- density(v, bw = "nrd0"); c(r$x[256], r$y[256]) })
writeLines(jsonlite::toJSON(out, digits = NA, auto_unbox = TRUE), "fixture.json")
