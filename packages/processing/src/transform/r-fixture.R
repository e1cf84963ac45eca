# Regenerates r-fixture.json: the Box–Cox lambda maximising MASS::boxcox's profile log-likelihood for
# y ~ 1 (fine grid), z-scores as scale(), ranks as rank() (ties averaged). Run: Rscript r-fixture.R
library(MASS)
y <- c(1.2, 2.5, 3.1, 0.8, 7.9, 4.4, 15.2, 2.2, 1.9, 5.6, 3.3, 9.8, 2.5, 1.1, 24.0, 3.9, 6.1, 2.8)
grid <- seq(-5, 5, by = 1e-4)
bc <- boxcox(y ~ 1, lambda = grid, plotit = FALSE)
lambda <- bc$x[which.max(bc$y)]
z <- as.vector(scale(y))
r <- rank(y)
transformed <- if (abs(round(lambda, 4)) < 1e-12) log(y) else (y^round(lambda, 4) - 1) / round(lambda, 4)
f <- function(v) paste(sprintf("%.17g", v), collapse = ", ")
writeLines(sprintf('{\n  "y": [%s],\n  "lambda": %.17g,\n  "boxcox": [%s],\n  "z": [%s],\n  "rank": [%s]\n}\n',
  f(y), lambda, f(transformed), f(z), f(r)), "r-fixture.json", sep = "")
