# References for the PCA and EFA tools (advanced/pca, advanced/efa run.test.ts) on the example
# 示例数据_量表条目.csv. Run from packages/tools: Rscript reference/dimension-a.R; the tests read the
# numbers it writes to reference/dimension-a.json. Factors are put in the tools' order (decreasing sum of squared loadings, positive
# column sums); PCA eigenvector columns signed so the largest |element| is positive.
suppressPackageStartupMessages({ library(psych); library(GPArotation); library(jsonlite) })
d <- read.csv("src/examples/scale-items.csv", check.names = FALSE)
X <- na.omit(d[, 5:19])
sort_loadings <- function(L, Phi = NULL) { L <- unclass(L); o <- order(-colSums(L^2)); L <- L[, o, drop = FALSE]
  s <- ifelse(colSums(L) < 0, -1, 1); L <- sweep(L, 2, s, `*`)
  list(L = unname(L), Phi = if (is.null(Phi)) NULL else unname(diag(s, length(s)) %*% Phi[o, o] %*% diag(s, length(s))), o = o, s = s) }
pc <- prcomp(X, scale. = TRUE)
V <- pc$rotation[, 1:3]; V <- sweep(V, 2, ifelse(apply(V, 2, function(v) v[which.max(abs(v))]) < 0, -1, 1), `*`)
Z <- scale(X) %*% V
pcCov <- prcomp(X, scale. = FALSE)
par <- fa.parallel(X, fm = "pa", SMC = TRUE, n.iter = 5, plot = FALSE)
pa <- fa(X, 3, fm = "pa", rotate = "none", min.err = 1e-14, max.iter = 100000, warnings = FALSE)
ob <- GPArotation::oblimin(unclass(pa$loadings), eps = 1e-8, maxit = 10000)
obs <- sort_loadings(ob$loadings, ob$Phi)
sc <- factor.scores(X, f = ob$loadings, Phi = ob$Phi, method = "regression")$scores
sc <- sweep(sc[, obs$o], 2, obs$s, `*`)
ml_ctl <- list(opt = list(factr = 1, pgtol = 0, maxit = 100000), rotate = list(eps = 1e-14))
ml <- factanal(X, factors = 3, rotation = "varimax", control = ml_ctl)
out <- list(
  n = nrow(X), kmo = KMO(cor(X))$MSA, bartlett = cortest.bartlett(cor(X), n = nrow(X))$chisq,
  pcaEigen = pc$sdev^2, pcaLoadings = unname(sweep(V, 2, pc$sdev[1:3], `*`)), pcaScores = unname(Z[1:3, ] %*% diag(1 / pc$sdev[1:3])),
  covEigen = pcCov$sdev^2, faValues = par$fa.values, nfactKaiser = sum(pc$sdev^2 > 1),
  oblimin = obs$L, phi = obs$Phi, communality = unname(pa$communality), scores = unname(sc[1:3, ]),
  mlVarimax = sort_loadings(ml$loadings)$L, mlChi2 = unname(ml$STATISTIC), mlDf = unname(ml$dof)
)
write_json(out, "reference/dimension-a.json", digits = NA, auto_unbox = TRUE)
cat("wrote reference/dimension-a.json\n")
