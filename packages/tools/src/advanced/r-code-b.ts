// R scripts (可复现R代码) of the advanced tools in group B, under their tool keys.
import { list, num, q } from '../r-code-helpers.js';
import type { Params } from '../tool.js';

const vec = (xs: readonly string[]) => `c(${xs.map(q).join(', ')})`;

export const ADVANCED_R_B: Record<string, (p: Params) => string[]> = {
  reliability: (p) => {
    const items = list(p.items);
    const rev = list(p.reverse);
    const k = items.length;
    const h1 = p.split === 'odd-even' ? items.filter((_, j) => j % 2 === 0) : items.slice(0, Math.ceil(k / 2));
    const h2 = items.filter((v) => !h1.includes(v));
    return [
      'library(psych)',
      `x <- d[, ${vec(items)}]`,
      'x <- x[complete.cases(x), ]  # 列表删除',
      ...(rev.length > 0
        ? [`rev <- ${vec(rev)}  # 反向计分条目`, 'x[rev] <- lapply(x[rev], function(v) min(x) + max(x) - v)  # 最小值 + 最大值 − 原始得分']
        : []),
      `a <- psych::alpha(x, check.keys = FALSE)`,
      'a$total        # raw_alpha：Cronbach’s α；std.alpha：标准化 α；average_r：条目间平均相关',
      `psych::alpha.ci(a$total$raw_alpha, nrow(x), p.val = ${1 - num(p.level, 0.95)}, n.var = ncol(x))  # Feldt 置信区间`,
      'a$item.stats[, c("mean", "sd", "r.drop")]  # r.drop：校正的条目–总分相关',
      'a$alpha.drop$raw_alpha                      # 删除该条目后的 α',
      'sapply(seq_along(x), function(j) c(均数 = mean(rowSums(x[, -j])), 方差 = var(rowSums(x[, -j]))))  # 删除后量表的均数与方差',
      ...(k >= 3
        ? [
            '# McDonald’s ω（总）：单因子最大似然因子分析的标准化载荷',
            'f1 <- factanal(x, factors = 1); l <- as.numeric(f1$loadings); l <- l * sign(sum(l))',
            'omega <- sum(l)^2 / (sum(l)^2 + sum(1 - l^2)); omega',
          ]
        : []),
      `# 分半信度（${p.split === 'odd-even' ? '奇偶分半' : '前后分半'}，同 SPSS）`,
      `s1 <- rowSums(x[, ${vec(h1)}, drop = FALSE]); s2 <- rowSums(x[, ${vec(h2)}, drop = FALSE])`,
      'r <- cor(s1, s2)',
      `k1 <- ${h1.length}; k2 <- ${h2.length}; w <- k1 * k2 / (k1 + k2)^2`,
      'c(r = r, SpearmanBrown = 2 * r / (1 + r),',
      '  SpearmanBrown_unequal = (sqrt(r^4 + 4 * r^2 * (1 - r^2) * w) - r^2) / (2 * (1 - r^2) * w),',
      '  Guttman = 2 * (1 - (var(s1) + var(s2)) / var(s1 + s2)))',
    ];
  },
  'cluster-analysis': (p) => {
    const xs = list(p.x);
    const method = typeof p.method === 'string' ? p.method : 'kmeans';
    const k = num(p.k, 3);
    const kmax = num(p.kmax, 8);
    const std = p.standardize !== false;
    const h = typeof p.height === 'number' && p.height > 0 ? p.height : null;
    const common = [
      'library(cluster)',
      `vars <- ${vec(xs)}`,
      'keep <- complete.cases(d[, vars])  # 列表删除',
      `z <- ${std ? 'scale(d[keep, vars])  # 标准化（z 分数）' : 'as.matrix(d[keep, vars])'}`,
      'dz <- dist(z)  # 欧氏距离',
    ];
    if (method === 'kmeans')
      return [
        ...common,
        `set.seed(${num(p.seed, 2024)})  # R 的随机数与本工具不同，类别编号可能不同，最优划分应一致`,
        `fits <- lapply(1:${kmax}, function(k) kmeans(z, k, nstart = ${num(p.starts, 25)}, iter.max = 100))`,
        'wss <- sapply(fits, function(f) f$tot.withinss)',
        'sil <- sapply(fits[-1], function(f) mean(silhouette(f$cluster, dz)[, 3]))',
        `plot(1:${kmax}, wss, type = "b", xlab = "类别数 k", ylab = "组内平方和")  # 肘部图`,
        `data.frame(k = 2:${kmax}, 平均轮廓系数 = sil)`,
        `km <- fits[[${k}]]`,
        'table(km$cluster); km$betweenss / km$totss',
        'summary(silhouette(km$cluster, dz))$clus.avg.widths',
        'aggregate(d[keep, vars], list(类别 = km$cluster), function(v) sprintf("%.2f ± %.2f", mean(v), sd(v)))',
        'd$聚类类别 <- NA; d$聚类类别[keep] <- km$cluster  # 类别另存为新列',
      ];
    return [
      ...common,
      `hc <- hclust(dz, method = ${q(method)})`,
      `plot(hc, labels = FALSE, hang = -1)  # 聚类树`,
      h !== null ? `cl <- cutree(hc, h = ${h}); abline(h = ${h}, lty = 2, col = "red")` : `cl <- cutree(hc, k = ${k}); rect.hclust(hc, k = ${k})`,
      'table(cl)',
      `sapply(2:${kmax}, function(k) mean(silhouette(cutree(hc, k), dz)[, 3]))  # k = 2 ~ ${kmax} 的平均轮廓系数`,
      'summary(silhouette(cl, dz))$clus.avg.widths',
      'aggregate(d[keep, vars], list(类别 = cl), function(v) sprintf("%.2f ± %.2f", mean(v), sd(v)))',
      'd$聚类类别 <- NA; d$聚类类别[keep] <- cl  # 类别另存为新列',
    ];
  },
  mice: (p) => {
    const xs = list(p.x);
    const fs = list(p.factors);
    const all = [...xs, ...fs];
    const model = p.model === 'logistic' ? 'logistic' : p.model === 'none' ? 'none' : 'linear';
    const y = String(p.y ?? '');
    let preds = list(p.predictors).filter((v) => v !== y);
    if (preds.length === 0) preds = all.filter((v) => v !== y);
    const m = num(p.m, 5);
    // mice builds formulas from the column names, so the script works on short names V1, V2, …
    const short = (v: string) => `V${all.indexOf(v) + 1}`;
    const rhs = preds.map(short).join(' + ');
    return [
      'library(mice)',
      `x <- d[, ${vec(all)}]`,
      `vn <- c(${all.map((v) => `${short(v)} = ${q(v)}`).join(', ')})  # mice 需要语法合法的列名：以 V1、V2… 代替原列名`,
      'names(x) <- names(vn)',
      ...fs.map((f) => `x$${short(f)} <- factor(x$${short(f)})  # ${f}`),
      'md.pattern(x, plot = FALSE)  # 缺失模式',
      'meth <- make.method(x)  # 定量 pmm，二分类 logreg，多分类 polyreg',
      'meth',
      `imp <- mice(x, m = ${m}, maxit = ${num(p.iterations, 10)}, method = meth, donors = ${num(p.donors, 5)}L, seed = ${num(p.seed, 2023)}, printFlag = FALSE)`,
      '# R 的随机数与本工具不同：插补值不会逐个相同，合并结果应在随机误差范围内一致',
      'plot(imp)  # 收敛诊断：各次迭代插补值的均数与标准差',
      'densityplot(imp)  # 插补值与观测值的分布',
      ...(model === 'none'
        ? []
        : [
            `fit <- with(imp, ${model === 'linear' ? 'lm' : 'glm'}(${short(y)} ~ ${rhs}${model === 'logistic' ? ', family = binomial' : ''}))  # ${y} ~ ${preds.join(' + ')}`,
            'pl <- pool(fit)',
            'summary(pl, conf.int = TRUE)  # Rubin 规则合并（Barnard–Rubin 自由度）',
            'pl$pooled[, c("term", "fmi", "lambda", "riv")]',
            `summary(${model === 'linear' ? 'lm' : 'glm'}(${short(y)} ~ ${rhs}, data = x${model === 'logistic' ? ', family = binomial' : ''}))  # 完整病例分析（对照）`,
          ]),
      `long <- complete(imp, action = "long")  # ${m} 个插补数据集纵向堆叠，.imp 为数据集编号`,
      'names(long)[match(names(vn), names(long))] <- vn  # 恢复原列名',
      'write.csv(long, "多重插补数据.csv", row.names = FALSE)',
    ];
  },
};
