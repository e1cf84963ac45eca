# Reference numbers of the 直方图 tests: Rscript fixture.R (from this folder) rewrites fixture.json.
d <- read.csv("../../examples/histogram.csv", encoding = "UTF-8")
x <- d$总胆固醇; g <- d$性别
keep <- !is.na(x) & !is.na(g) & g != ""
xa <- x[!is.na(x)]
b <- hist(x[keep], plot = FALSE)$breaks
fd <- hist(xa, breaks = "FD", plot = FALSE)
grid <- seq(min(b), max(b), length.out = 161)
kd <- function(v, at) sapply(at, function(t) mean(dnorm((t - v) / bw.nrd0(v))) / bw.nrd0(v))
out <- list(
  sturges = list(breaks = b, groups = sort(unique(g[keep])),
    counts = lapply(sort(unique(g[keep])), function(l) hist(x[keep & g == l], breaks = b, plot = FALSE)$counts),
    bw = sapply(sort(unique(g[keep])), function(l) bw.nrd0(x[keep & g == l]), USE.NAMES = FALSE),
    # density scaled to counts at grid points 20, 80, 140 of group 1
    curve = { v <- x[keep & g == sort(unique(g[keep]))[1]]; kd(v, grid[c(21, 81, 141)]) * length(v) * diff(b)[1] }),
  fd = list(breaks = fd$breaks, counts = fd$counts),
  normal = { ba <- hist(xa, plot = FALSE)$breaks; ga <- seq(min(ba), max(ba), length.out = 161); dnorm(ga[c(21, 81)], mean(xa), sd(xa)) * length(xa) * diff(ba)[1] }
)
writeLines(jsonlite::toJSON(out, digits = NA, auto_unbox = TRUE), "fixture.json")
