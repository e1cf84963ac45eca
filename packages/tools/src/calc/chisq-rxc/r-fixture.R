# Regenerates r-fixture.json beside it (run from this folder): Rscript r-fixture.R
# χ² with and without Yates (chisq.test; Yates applies to 2×2 only), expected counts, Cramér's V
# (from the uncorrected χ²) and Fisher's exact p (fisher.test, network algorithm).
library(jsonlite)
cases <- list(
  list(rows = list(c(45, 20, 10), c(30, 25, 20), c(20, 18, 32))),
  list(rows = list(c(12, 5), c(4, 14))),
  list(rows = list(c(3, 1, 0, 6), c(2, 5, 4, 1))),
  list(rows = list(c(8, 3, 5, 2, 6, 4), c(2, 7, 3, 6, 1, 5), c(5, 5, 4, 3, 2, 1), c(1, 2, 6, 4, 3, 7)))
)
out <- lapply(cases, function(k) {
  m <- do.call(rbind, k$rows)
  p <- suppressWarnings(chisq.test(m, correct = FALSE))
  y <- suppressWarnings(chisq.test(m, correct = TRUE))
  list(rows = k$rows, chisq = unname(p$statistic), df = unname(p$parameter), p = p$p.value,
       yates = unname(y$statistic), yatesP = y$p.value, expected = unname(p$expected),
       cramersV = sqrt(unname(p$statistic) / (sum(m) * (min(dim(m)) - 1))),
       fisherP = fisher.test(m, workspace = 2e7)$p.value)
})
writeLines(toJSON(out, auto_unbox = TRUE, digits = NA, pretty = TRUE), "r-fixture.json")
