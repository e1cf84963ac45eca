# R reference for the correspondence analysis and multiple response tools (issue 23, helper X2) on
# 示例数据_健康信息调查.csv: ca::ca of 年龄组 × 首选就医机构 (dimension signs normalised as in the
# engine: the column with the largest |standard coordinate| positive) and the SPSS-style MULT RESPONSE
# frequencies of the six 渠道_ columns (cases with at least one channel), with a Pearson χ² per channel
# by 年龄组. Run from packages/tools: Rscript reference/advanced-x2.R (needs r-cran-ca, r-cran-jsonlite).
suppressPackageStartupMessages({ library(ca); library(jsonlite) })
d <- read.csv("src/examples/health-info-survey.csv", check.names = FALSE, fileEncoding = "UTF-8", na.strings = "")
ages <- c("18-34岁", "35-49岁", "50-64岁", "65岁及以上")
cc <- d[!is.na(d$年龄组) & !is.na(d$首选就医机构), ]
tab <- table(factor(cc$年龄组, levels = ages), factor(cc$首选就医机构, levels = unique(cc$首选就医机构)))
fit <- ca(tab)
nd <- length(fit$sv)
rc <- fit$rowcoord[, 1:nd]; ccd <- fit$colcoord[, 1:nd]
for (k in 1:nd) { j <- which.max(abs(ccd[, k])); if (ccd[j, k] < 0) { ccd[, k] <- -ccd[, k]; rc[, k] <- -rc[, k] } }
rp <- sweep(rc, 2, fit$sv, `*`); cp <- sweep(ccd, 2, fit$sv, `*`)
ch <- chisq.test(tab, correct = FALSE)
ca_out <- list(n = sum(tab), excluded = nrow(d) - nrow(cc), cols = colnames(tab), eig = fit$sv^2, chisq = unname(ch$statistic), df = unname(ch$parameter), p = ch$p.value,
  rowmass = fit$rowmass, colmass = fit$colmass, rowpc = unname(rp), colpc = unname(cp),
  rowctr = unname(sweep(rp^2 * fit$rowmass, 2, fit$sv^2, `/`)), colcos2 = unname(cp^2 / fit$coldist^2))
# Multiple response
vars <- c("渠道_电视", "渠道_网络", "渠道_医生", "渠道_亲友", "渠道_报刊", "渠道_短视频")
m <- d[complete.cases(d[, vars]), ]
X <- as.matrix(m[, vars])
valid <- rowSums(X) > 0
Xv <- X[valid, ]
g <- factor(m$年龄组[valid], levels = ages)
count <- colSums(Xv)
chi <- lapply(vars, function(v) { t <- table(factor(Xv[, v], levels = c(1, 0)), g); r <- chisq.test(t, correct = FALSE); c(unname(r$statistic), unname(r$parameter), r$p.value) })
colpct <- sapply(levels(g), function(l) 100 * colSums(Xv[g == l, , drop = FALSE]) / sum(g == l))
mr_out <- list(complete = nrow(m), excluded = nrow(d) - nrow(m), valid = sum(valid), none = sum(!valid), count = unname(count),
  responses = sum(count), respPct = unname(100 * count / sum(count)), casePct = unname(100 * count / sum(valid)),
  chisq = sapply(chi, `[`, 1), df = sapply(chi, `[`, 2), p = sapply(chi, `[`, 3), colpct = unname(colpct))
writeLines(toJSON(list(ca = ca_out, mr = mr_out), digits = NA, auto_unbox = TRUE, matrix = "rowmajor"), "reference/advanced-x2.json")
cat("wrote reference/advanced-x2.json\n")
