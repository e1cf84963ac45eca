# Regenerates r-fixture.json beside it (run from this folder): Rscript r-fixture.R
# Clustering of the heatmap example as pheatmap does it: rows with a missing value dropped, z-score
# by row (scale = "row"), hclust(dist(.)) of rows and of columns, complete and average linkage.
library(jsonlite)
d <- read.csv("../../examples/heatmap.csv", check.names = FALSE, fileEncoding = "UTF-8")
m <- as.matrix(d[, -1]); rownames(m) <- d[[1]]
m <- m[complete.cases(m), ]
z <- t(scale(t(m)))
tree <- function(x, method) { h <- hclust(dist(x), method = method); list(merge = h$merge, height = h$height, order = h$order) }
out <- list(
  rows = nrow(z), columnNames = colnames(z), rowNames = rownames(z),
  complete = list(row = tree(z, "complete"), col = tree(t(z), "complete")),
  average = list(row = tree(z, "average"), col = tree(t(z), "average")),
  # No scaling, and column z-scores: the column trees.
  noneCol = tree(t(m), "complete"),
  columnScaledRow = tree(scale(m), "average"),
  zMin = min(z), zMax = max(z)
)
writeLines(toJSON(out, digits = NA, auto_unbox = TRUE), "r-fixture.json")
