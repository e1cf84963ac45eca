# Regenerates r-fixture.json beside it (run from this folder): Rscript r-fixture.R
# Table [[a, b], [c, d]]: rows exposed / unexposed, columns event / no event. OR with the Woolf
# (logit) CI, RR with the log CI (0.5 added to every cell when one is 0, Haldane–Anscombe), RD with
# the Wald CI and Newcombe's hybrid score CI (method 10, from prop.test Wilson limits), χ² with and
# without Yates (chisq.test) and Fisher's exact p (fisher.test).
library(jsonlite)
cases <- list(
  list(a = 30, b = 70, c = 15, d = 85, level = 0.95),
  list(a = 8, b = 42, c = 20, d = 30, level = 0.95),
  list(a = 0, b = 25, c = 6, d = 19, level = 0.90),
  list(a = 12, b = 88, c = 11, d = 89, level = 0.95)
)
out <- lapply(cases, function(k) {
  with(k, {
    z <- qnorm(1 - (1 - level) / 2)
    m <- matrix(c(a, c, b, d), 2)
    adj <- any(c(a, b, c, d) == 0)
    A <- a + 0.5 * adj; B <- b + 0.5 * adj; C <- c + 0.5 * adj; D <- d + 0.5 * adj
    or <- A * D / (B * C); seor <- sqrt(1/A + 1/B + 1/C + 1/D)
    rr <- (A / (A + B)) / (C / (C + D)); serr <- sqrt(1/A - 1/(A + B) + 1/C - 1/(C + D))
    p1 <- a / (a + b); p2 <- c / (c + d); rd <- p1 - p2
    serd <- sqrt(p1 * (1 - p1) / (a + b) + p2 * (1 - p2) / (c + d))
    w1 <- prop.test(a, a + b, conf.level = level, correct = FALSE)$conf.int
    w2 <- prop.test(c, c + d, conf.level = level, correct = FALSE)$conf.int
    newcombe <- c(rd - sqrt((p1 - w1[1])^2 + (w2[2] - p2)^2), rd + sqrt((w1[2] - p1)^2 + (p2 - w2[1])^2))
    c(k, list(
      risk1 = p1, risk2 = p2,
      or = or, orLower = or * exp(-z * seor), orUpper = or * exp(z * seor),
      rr = rr, rrLower = rr * exp(-z * serr), rrUpper = rr * exp(z * serr),
      rd = rd, rdLower = rd - z * serd, rdUpper = rd + z * serd,
      rdNewcombeLower = newcombe[1], rdNewcombeUpper = newcombe[2],
      chisq = unname(suppressWarnings(chisq.test(m, correct = FALSE))$statistic),
      chisqP = suppressWarnings(chisq.test(m, correct = FALSE))$p.value,
      yates = unname(suppressWarnings(chisq.test(m, correct = TRUE))$statistic),
      yatesP = suppressWarnings(chisq.test(m, correct = TRUE))$p.value,
      fisherP = fisher.test(m)$p.value))
  })
})
writeLines(toJSON(out, auto_unbox = TRUE, digits = NA, pretty = TRUE), "r-fixture.json")
