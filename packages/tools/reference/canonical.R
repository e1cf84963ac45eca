# R reference of the 典型相关 tool on its example (src/examples/canonical-correlation.csv), for
# src/advanced/canonical-correlation/run.test.ts. Run from packages/tools: Rscript reference/canonical.R
suppressPackageStartupMessages(library(jsonlite))
d <- read.csv("src/examples/canonical-correlation.csv", check.names = FALSE, encoding = "UTF-8")
xs <- c("身高", "体重", "腰围", "体脂率"); ys <- c("肺活量", "握力", "立定跳远", "1000米跑")
x <- na.omit(d[, c(xs, ys)])
X <- as.matrix(x[, xs]); Y <- as.matrix(x[, ys]); n <- nrow(X); p <- ncol(X); q <- ncol(Y); s <- min(p, q)
cc <- cancor(X, Y); r <- cc$cor[1:s]
A <- cc$xcoef[, 1:s]; B <- cc$ycoef[, 1:s]
sg <- apply(A, 2, function(v) sign(v[which.max(abs(v))])); A <- sweep(A, 2, sg, `*`); B <- sweep(B, 2, sg, `*`)
U <- scale(X, cc$xcenter, FALSE) %*% A * sqrt(n - 1); V <- scale(Y, cc$ycenter, FALSE) %*% B * sqrt(n - 1)
W <- sapply(1:s, function(k) prod(1 - r[k:s]^2)); chi <- -(n - 1 - (p + q + 1) / 2) * log(W); df <- (p - 1:s + 1) * (q - 1:s + 1)
out <- list(n = n, rows = as.integer(rownames(x)) - 1L, cor = r, wilks = W, chi2 = chi, df = df, p = pchisq(chi, df, lower.tail = FALSE),
            xstd = unname(A * apply(X, 2, sd) * sqrt(n - 1)), ystd = unname(B * apply(Y, 2, sd) * sqrt(n - 1)), xcoef = unname(A), ycoef = unname(B),
            xload = unname(cor(X, U)), yload = unname(cor(Y, V)), xcross = unname(cor(X, V)), ycross = unname(cor(Y, U)),
            xred = sum(colMeans(cor(X, U)^2) * r^2), yred = sum(colMeans(cor(Y, V)^2) * r^2),
            U = unname(U[1:5, ]), V = unname(V[1:5, ]))
writeLines(toJSON(out, digits = NA, auto_unbox = TRUE), "reference/canonical.json")
cat("wrote reference/canonical.json\n")
