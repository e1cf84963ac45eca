# Reference numbers of the 均值柱状图 tests: Rscript fixture.R (from this folder) rewrites fixture.json.
d <- read.csv("../../examples/bar-means.csv", encoding = "UTF-8")
x <- data.frame(y = d$肿瘤体积, g = factor(d$组别)); x <- x[complete.cases(x), ]
lv <- levels(x$g)
m <- tapply(x$y, x$g, mean); s <- tapply(x$y, x$g, sd); n <- tapply(x$y, x$g, length)
ci <- sapply(lv, function(l) t.test(x$y[x$g == l], conf.level = 0.9)$conf.int)
tk <- TukeyHSD(aov(y ~ g, x))$g
kw <- kruskal.test(y ~ g, x)
out <- list(groups = lv, mean = unname(m), sd = unname(s), se = unname(s / sqrt(n)), ciLower90 = unname(ci[1, ]), ciUpper90 = unname(ci[2, ]),
  anovaF = anova(lm(y ~ g, x))$`F value`[1], anovaP = anova(lm(y ~ g, x))$`Pr(>F)`[1],
  tukey = as.list(setNames(tk[, "p adj"], sub("-", " vs ", rownames(tk)))),
  kwH = unname(kw$statistic), kwP = kw$p.value,
  welchP = t.test(x$y[x$g == "高剂量组"], x$y[x$g == "对照组"])$p.value)
writeLines(jsonlite::toJSON(out, digits = NA, auto_unbox = TRUE), "fixture.json")
