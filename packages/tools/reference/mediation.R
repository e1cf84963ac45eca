# Reference numbers for the 中介效应 and 调节效应 tools on src/examples/mediation-stress.csv
# (advanced/mediation/run.test.ts, advanced/moderation/run.test.ts).
# Run from packages/tools: Rscript reference/mediation.R
d <- read.csv("src/examples/mediation-stress.csv", check.names = FALSE, fileEncoding = "UTF-8")
d$性别 <- factor(d$性别, levels = c("女", "男"))
show <- function(label, v) cat(sprintf("%s: %s\n", label, paste(sprintf("%.12g", v), collapse = ", ")))
row <- function(f, term) summary(f)$coefficients[term, ]

# Simple mediation: 工作压力 → 职业倦怠 → 离职意向, covariates 年龄 and 性别.
x <- d[complete.cases(d[, c("工作压力", "职业倦怠", "离职意向", "年龄", "性别")]), ]
cat("n =", nrow(x), "\n")
fa <- lm(职业倦怠 ~ 工作压力 + 年龄 + 性别, x)
fy <- lm(离职意向 ~ 工作压力 + 职业倦怠 + 年龄 + 性别, x)
fc <- lm(离职意向 ~ 工作压力 + 年龄 + 性别, x)
a <- row(fa, "工作压力"); b <- row(fy, "职业倦怠")
show("a (B, SE, t, P)", a); show("b", b); show("c", row(fc, "工作压力")); show("c'", row(fy, "工作压力"))
show("indirect", a[1] * b[1])
se <- sqrt(b[1]^2 * a[2]^2 + a[1]^2 * b[2]^2); show("Sobel SE, z, P", c(se, a[1] * b[1] / se, 2 * pnorm(-abs(a[1] * b[1] / se))))
show("R2 a, c, y", c(summary(fa)$r.squared, summary(fc)$r.squared, summary(fy)$r.squared))
set.seed(1)
bs <- replicate(5000, { i <- sample(nrow(x), replace = TRUE); s <- x[i, ]
  coef(lm(职业倦怠 ~ 工作压力 + 年龄 + 性别, s))[["工作压力"]] * coef(lm(离职意向 ~ 工作压力 + 职业倦怠 + 年龄 + 性别, s))[["职业倦怠"]] })
show("R boot (5000, seed 1) SE, 2.5%, 97.5%", c(sd(bs), quantile(bs, c(0.025, 0.975))))

# Parallel mediation: 职业倦怠 and 工作满意度, no covariates.
x2 <- d[complete.cases(d[, c("工作压力", "职业倦怠", "工作满意度", "离职意向")]), ]
cat("n =", nrow(x2), "\n")
f1 <- lm(职业倦怠 ~ 工作压力, x2); f2 <- lm(工作满意度 ~ 工作压力, x2)
fy2 <- lm(离职意向 ~ 工作压力 + 职业倦怠 + 工作满意度, x2); fc2 <- lm(离职意向 ~ 工作压力, x2)
ind <- c(coef(f1)[[2]] * coef(fy2)[["职业倦怠"]], coef(f2)[[2]] * coef(fy2)[["工作满意度"]])
show("a1, a2", c(coef(f1)[[2]], coef(f2)[[2]])); show("b1, b2", coef(fy2)[c("职业倦怠", "工作满意度")])
show("c, c'", c(coef(fc2)[[2]], coef(fy2)[["工作压力"]])); show("indirect 1, 2, total", c(ind, sum(ind)))

# Moderation: 职业倦怠 ~ 工作压力 × 社会支持 + 年龄, mean-centred.
x3 <- d[complete.cases(d[, c("工作压力", "社会支持", "职业倦怠", "年龄")]), ]
cat("n =", nrow(x3), "\n")
xc <- x3$工作压力 - mean(x3$工作压力); wc <- x3$社会支持 - mean(x3$社会支持)
fm <- lm(x3$职业倦怠 ~ xc * wc + x3$年龄); f0 <- lm(x3$职业倦怠 ~ xc + wc + x3$年龄)
print(summary(fm)$coefficients, digits = 12)
show("R2, dR2", c(summary(fm)$r.squared, summary(fm)$r.squared - summary(f0)$r.squared))
V <- vcov(fm); bb <- coef(fm); df <- fm$df.residual; tc <- qt(0.975, df)
slope <- function(w) { u <- w - mean(x3$社会支持); e <- bb[["xc"]] + bb[["xc:wc"]] * u
  s <- sqrt(V["xc", "xc"] + 2 * u * V["xc", "xc:wc"] + u^2 * V["xc:wc", "xc:wc"]); c(w, e, s, e / s, 2 * pt(-abs(e / s), df)) }
for (w in mean(x3$社会支持) + c(-1, 0, 1) * sd(x3$社会支持)) show("simple slope (W, B, SE, t, P)", slope(w))
tf <- function(w) { s <- slope(w); abs(s[4]) - tc }
grid <- seq(-10, 15, by = 0.01); v <- sapply(grid, tf)
for (i in which(diff(sign(v)) != 0)) show("J-N bound", uniroot(tf, grid[i + 0:1], tol = 1e-12)$root)
show("W range", range(x3$社会支持))

# Categorical moderator: 职业倦怠 ~ 工作压力 × 性别 + 年龄 (X centred, 女 = reference, the first level in the file).
x4 <- d[complete.cases(d[, c("工作压力", "性别", "职业倦怠", "年龄")]), ]
xc4 <- x4$工作压力 - mean(x4$工作压力)
fg <- lm(x4$职业倦怠 ~ xc4 * x4$性别 + x4$年龄); fg0 <- lm(x4$职业倦怠 ~ xc4 + x4$性别 + x4$年龄)
av <- anova(fg0, fg); show("categorical: F, P, dR2", c(av$F[2], av$`Pr(>F)`[2], summary(fg)$r.squared - summary(fg0)$r.squared))
Vg <- vcov(fg); bg <- coef(fg); k <- "xc4:x4$性别男"
show("slope 女 (B, SE)", c(bg[["xc4"]], sqrt(Vg["xc4", "xc4"])))
show("slope 男 (B, SE)", c(bg[["xc4"]] + bg[[k]], sqrt(Vg["xc4", "xc4"] + Vg[k, k] + 2 * Vg["xc4", k])))
