# Reference values for 基线特征表 (packages/tools/src/med/baseline-table/run.test.ts). tableone is
# not in Debian, so the table is rebuilt here from base R with the tool's rules: Shapiro-Wilk per
# group (any P < 0.05 → median (P25, P75) and rank tests), Student t or Welch t by car::leveneTest
# (median centre) for two groups, one-way ANOVA or Welch's ANOVA (oneway.test) for more, Pearson χ²
# without correction or Fisher's exact test when an expected count is below 5. SMDs follow
# tableone: continuous (m1 − m2) / sqrt((s1² + s2²) / 2); categorical the multi-level SMD of Yang &
# Dalton (2012) with MASS::ginv, as tableone:::StdDiffMulti; more than two groups: the largest
# pairwise SMD. Factor levels in order of first appearance. Run from this folder:
# Rscript baseline-table.R. Needs r-cran-car (MASS ships with R).
suppressMessages({ library(car); library(MASS) })
options(digits = 15)
p <- function(label, x) cat(label, format(x, digits = 15), "\n")
rd <- function(f) read.csv(file.path("../src/examples", f), fileEncoding = "UTF-8", check.names = FALSE, na.strings = c("", "NA"))
first <- function(x) factor(x, levels = unique(x[!is.na(x)]))

smd_cont <- function(a, b) abs(mean(a) - mean(b)) / sqrt((var(a) + var(b)) / 2)
smd_cat <- function(x, g, l1, l2) {
  lev <- levels(x)
  pr <- function(l) { v <- x[g == l & !is.na(x)]; as.numeric(table(factor(v, levels = lev))) / length(v) }
  tt <- pr(l1)[-1]; cc <- pr(l2)[-1]
  cv <- function(q) { m <- -outer(q, q); diag(m) <- q * (1 - q); m }
  s <- (cv(tt) + cv(cc)) / 2
  d <- tt - cc
  sqrt(drop(t(d) %*% ginv(s) %*% d))
}
max_pairs <- function(levs, f) max(combn(levs, 2, function(pr) f(pr[1], pr[2])))

table1 <- function(d, group, vars, factors = character(0)) {
  d <- d[!is.na(d[[group]]), ]
  g <- first(d[[group]])
  levs <- levels(g)
  cat("## groups:", paste(levs, "n =", as.numeric(table(g))), "\n")
  for (v in vars) {
    x <- d[[v]]
    cat("-- ", v, " missing ", sum(is.na(x)), "\n", sep = "")
    if (is.numeric(x) && !(v %in% factors)) {
      ok <- !is.na(x); y <- x[ok]; gg <- droplevels(g[ok])
      sw <- tapply(y, gg, function(z) shapiro.test(z)$p.value)
      p("  shapiro p", sw)
      p("  mean sd", c(mean(y), sd(y), tapply(y, gg, mean), tapply(y, gg, sd)))
      p("  median q1 q3", c(quantile(y, c(.5, .25, .75)), unlist(tapply(y, gg, quantile, c(.5, .25, .75)))))
      smd <- max_pairs(levs, function(a, b) smd_cont(y[gg == a], y[gg == b]))
      if (all(sw >= 0.05)) {
        lev_p <- leveneTest(y ~ gg)[1, "Pr(>F)"]
        p("  levene p", lev_p)
        if (length(levs) == 2) {
          r <- t.test(y[gg == levs[1]], y[gg == levs[2]], var.equal = lev_p >= 0.05)
          p(paste("  ", if (lev_p >= 0.05) "student" else "welch", "t df p"), c(r$statistic, r$parameter, r$p.value))
        } else {
          r <- oneway.test(y ~ gg, var.equal = lev_p >= 0.05)
          p(paste("  ", if (lev_p >= 0.05) "anova" else "welch-anova", "F df1 df2 p"), c(r$statistic, r$parameter, r$p.value))
        }
      } else if (length(levs) == 2) {
        a <- y[gg == levs[1]]; b <- y[gg == levs[2]]
        r <- suppressWarnings(wilcox.test(a, b))
        # z of the normal approximation with R's continuity and tie corrections (wilcox.test's own z).
        n1 <- length(a); n2 <- length(b); N <- n1 + n2
        nt <- table(rank(c(a, b)))
        sigma <- sqrt(n1 * n2 / 12 * ((N + 1) - sum(nt^3 - nt) / (N * (N - 1))))
        dz <- r$statistic - n1 * n2 / 2
        p("  wilcox W p z", c(r$statistic, r$p.value, (dz - sign(dz) * 0.5) / sigma))
      } else {
        r <- kruskal.test(y ~ gg)
        p("  kruskal H df p", c(r$statistic, r$parameter, r$p.value))
      }
      p("  smd", smd)
    } else {
      xf <- first(x)
      tab <- table(g, xf)
      print(tab)
      e <- suppressWarnings(chisq.test(tab, correct = FALSE))
      if (min(e$expected) >= 5) p("  chisq X2 df p", c(e$statistic, e$parameter, e$p.value))
      else p("  fisher p (min expected)", c(fisher.test(tab)$p.value, min(e$expected)))
      p("  smd", max_pairs(levs, function(a, b) smd_cat(xf, g, a, b)))
    }
  }
}

cat("== diabetes-cohort by 分组 (two groups)\n")
dc <- rd("diabetes-cohort.csv")
vars <- c("性别", "年龄", "BMI", "病程", "吸烟", "高血压", "糖化血红蛋白", "空腹血糖", "甘油三酯", "低密度脂蛋白", "eGFR", "视网膜病变")
table1(dc, "分组", vars)
cat("== diabetes-cohort by 降糖方案 (three groups)\n")
table1(dc, "降糖方案", vars)
cat("== hypertension-trial by 组别\n")
ht <- rd("hypertension-trial.csv")
table1(ht, "组别", c("性别", "年龄", "BMI", "治疗前收缩压", "总胆固醇", "疗效"))
cat("== three-groups by 组别\n")
table1(rd("three-groups.csv"), "组别", "体重增量")

cat("== overrides on diabetes-cohort by 分组: BMI as normal, 年龄 as non-normal\n")
y <- dc$BMI; g <- first(dc$分组); ok <- !is.na(y)
p("  BMI levene p", leveneTest(y[ok] ~ g[ok])[1, "Pr(>F)"])
r <- t.test(y[ok & g == "非肾病组"], y[ok & g == "肾病组"], var.equal = TRUE)
p("  BMI student t df p", c(r$statistic, r$parameter, r$p.value))
r <- suppressWarnings(wilcox.test(dc$年龄[g == "非肾病组"], dc$年龄[g == "肾病组"]))
p("  年龄 wilcox W p", c(r$statistic, r$p.value))

cat("== large R×C table where exhaustive enumeration is too much (fallback check)\n")
big <- matrix(c(3, 5, 2, 7, 4, 6, 3, 8, 5, 2,
                6, 2, 7, 3, 5, 4, 8, 2, 3, 6,
                4, 7, 3, 5, 2, 8, 4, 6, 7, 3), nrow = 3, byrow = TRUE)
p("  fisher p", fisher.test(big, workspace = 2e8)$p.value)
e <- suppressWarnings(chisq.test(big, correct = FALSE))
p("  chisq X2 df p", c(e$statistic, e$parameter, e$p.value))
