# Regenerates r-fixture.json beside it (run from this folder): Rscript r-fixture.R
# Exclusive region counts (items in exactly these sets) of the example's 0/1 columns, rows with a
# missing value in the chosen columns dropped, for 2 to 5 sets; and of item lists (lists format).
library(jsonlite)
d <- read.csv("../../examples/venn-upset.csv", check.names = FALSE, fileEncoding = "UTF-8")
regions <- function(m) {
  k <- ncol(m); key <- apply(m, 1, function(r) paste(colnames(m)[r == 1], collapse = "&"))
  key <- key[key != ""]
  list(sets = colnames(m), sizes = unname(colSums(m)), union = length(key), counts = as.list(table(key)))
}
all <- c("高血压", "糖尿病", "高脂血症", "冠心病", "慢性肾病")
mem <- lapply(2:5, function(k) { x <- d[, all[1:k]]; x <- x[complete.cases(x), ]; c(regions(as.matrix(x)), excluded = nrow(d) - nrow(x)) })
# Lists: the patient IDs with each condition (what a user would paste as lists), as a membership matrix.
ids <- lapply(all[1:3], function(v) d$患者编号[!is.na(d[[v]]) & d[[v]] == 1])
u <- unique(unlist(ids)); lm <- sapply(ids, function(s) as.integer(u %in% s)); colnames(lm) <- all[1:3]
writeLines(toJSON(list(membership = mem, lists = regions(lm)), digits = NA, auto_unbox = TRUE), "r-fixture.json")
