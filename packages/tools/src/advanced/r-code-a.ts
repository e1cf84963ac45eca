// R scripts (可复现R代码) of the advanced tools in group A, under their tool keys.
import { list, num, q } from '../r-code-helpers.js';
import type { Params } from '../tool.js';

const items = (p: Params) => `X <- na.omit(d[, c(${list(p.vars).map(q).join(', ')})])  # 列表删除`;

export const ADVANCED_R_A: Record<string, (p: Params) => string[]> = {
  pca: (p) => {
    const cor = p.matrix !== 'covariance';
    const k = num(p.components, 0);
    return [
      'library(psych)',
      items(p),
      'nrow(X)  # 分析例数',
      'KMO(cor(X))$MSA; cortest.bartlett(cor(X), n = nrow(X))  # 表1',
      `pc <- prcomp(X, scale. = ${cor ? 'TRUE' : 'FALSE'})`,
      'ev <- pc$sdev^2',
      'data.frame(特征值 = ev, 方差解释率 = 100 * ev / sum(ev), 累计 = cumsum(100 * ev / sum(ev)))  # 表2',
      k > 0 ? `k <- ${k}` : `k <- sum(ev > mean(ev) * (1 + 1e-12))  # Kaiser 准则${cor ? '（特征值 > 1）' : '（大于平均特征值）'}`,
      'screeplot(pc, type = "lines", npcs = length(ev))  # 图1',
      'V <- pc$rotation[, 1:k, drop = FALSE]',
      'V <- sweep(V, 2, ifelse(apply(V, 2, function(v) v[which.max(abs(v))]) < 0, -1, 1), `*`)  # 每列绝对值最大的元素取正（同本工具）',
      'L <- sweep(V, 2, pc$sdev[1:k], `*`)  # 表3 载荷',
      'cbind(L, 共同度 = rowSums(L^2))',
      p.scores === 'raw' ? 'V  # 表4 得分系数（特征向量）' : 'sweep(V, 2, pc$sdev[1:k], `/`)  # 表4 得分系数（标准化得分）',
      `S <- scale(X, scale = ${cor ? 'TRUE' : 'FALSE'}) %*% V${p.scores === 'raw' ? '' : ' %*% diag(1 / pc$sdev[1:k], k)'}  # 主成分得分`,
      'head(S)',
      'biplot(pc, scale = 0)  # 图2 双标图',
    ];
  },
  efa: (p) => {
    const fm = p.extraction === 'ml' ? 'ml' : 'pa';
    const rot = ['varimax', 'promax', 'oblimin', 'none'].includes(String(p.rotation)) ? String(p.rotation) : 'oblimin';
    const blank = num(p.blank, 0.3);
    const seed = num(p.seed, 2024);
    const iter = num(p.iterations, 100);
    const nf = p.nMethod === 'fixed' ? `k <- ${num(p.factors, 3)}` : p.nMethod === 'kaiser' ? 'k <- sum(eigen(cor(X))$values > 1)  # 特征值 > 1' : 'k <- max(1, pa$nfact)  # 平行分析';
    return [
      'library(psych); library(GPArotation)',
      items(p),
      'nrow(X)  # 分析例数',
      'KMO(cor(X))$MSA; cortest.bartlett(cor(X), n = nrow(X))  # 表1',
      `set.seed(${seed})  # 平行分析的随机数与本工具不同：观测特征值一致，模拟值只在随机误差内接近`,
      `pa <- fa.parallel(X, fm = "pa", fa = "both", SMC = TRUE, n.iter = ${iter}, sim = TRUE, plot = TRUE)  # 表2、图1`,
      'pa$pc.values; pa$fa.values',
      nf,
      `f <- fa(X, nfactors = k, fm = ${q(fm)}, rotate = ${q(rot)}, scores = "regression", min.err = 1e-10, max.iter = 10000)`,
      `print(fa.sort(f)$loadings, cutoff = ${blank})  # 表3（psych 的因子顺序、正负号可能与本工具不同）`,
      'data.frame(共同度 = f$communality, 唯一性 = f$uniquenesses)',
      ...(rot === 'oblimin' || rot === 'promax' ? ['f$Phi  # 表5 因子相关矩阵'] : []),
      ...(fm === 'ml' ? [`factanal(X, factors = k, rotation = "none")$STATISTIC  # 拟合检验 χ²`] : []),
      'head(f$scores)  # 因子得分（回归法）',
    ];
  },
};
