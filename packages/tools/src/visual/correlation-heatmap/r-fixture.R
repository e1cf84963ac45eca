# Regenerates r-fixture.json beside it (run from this folder): Rscript r-fixture.R
# Pearson and Spearman matrices of the example (pairwise-complete), p from cor.test (Spearman with
# exact = FALSE), and the order of hclust(as.dist(1 - r)) as corrplot's order = "hclust".
library(jsonlite)
d <- read.csv("../../examples/correlation-heatmap.csv", check.names = FALSE, fileEncoding = "UTF-8")
one <- function(method) {
  r <- cor(d, use = "pairwise.complete.obs", method = method)
  k <- ncol(d); p <- matrix(0, k, k)
  for (i in 1:k) for (j in 1:k) if (i != j) p[i, j] <- suppressWarnings(cor.test(d[[i]], d[[j]], method = method, exact = FALSE)$p.value)
  list(r = unname(r), p = p,
       complete = colnames(d)[hclust(as.dist(1 - r), "complete")$order],
       average = colnames(d)[hclust(as.dist(1 - r), "average")$order],
       heights = hclust(as.dist(1 - r), "complete")$height)
}
out <- list(names = colnames(d), pearson = one("pearson"), spearman = one("spearman"))
writeLines(toJSON(out, digits = NA, auto_unbox = TRUE), "r-fixture.json")
