# Regenerates r-fixture.json: quantile cut points (R type 7, the default) and the group counts of
# cut(..., include.lowest = TRUE) for left- and right-closed intervals. Run: Rscript r-fixture.R
x <- c(34, 45, 52, 61, 29, 38, 47, 41, 41, 55, 63, 33, 70, 28, 49)
probs <- seq(0, 1, length.out = 5)
q <- unname(quantile(x, probs, type = 7))
left <- as.vector(table(cut(x, q, include.lowest = TRUE, right = FALSE)))
right <- as.vector(table(cut(x, q, include.lowest = TRUE, right = TRUE)))
w <- seq(min(x), max(x), length.out = 4)
width_left <- as.vector(table(cut(x, w, include.lowest = TRUE, right = FALSE)))
json <- sprintf('{\n  "x": [%s],\n  "quartileBreaks": [%s],\n  "quartileCountsLeft": [%s],\n  "quartileCountsRight": [%s],\n  "width3Breaks": [%s],\n  "width3CountsLeft": [%s]\n}\n',
  paste(x, collapse = ", "), paste(sprintf("%.17g", q), collapse = ", "), paste(left, collapse = ", "), paste(right, collapse = ", "),
  paste(sprintf("%.17g", w), collapse = ", "), paste(width_left, collapse = ", "))
writeLines(json, "r-fixture.json", sep = "")
