// R scripts (可复现R代码) of the advanced tools in group Y1, under their tool keys.
import { num, q } from '../r-code-helpers.js';
import type { Params } from '../tool.js';
import { factorSlots } from './cfa/slots.js';

/** lavaan needs syntactic names: the user's factor name when it is one, otherwise F1, F2, … */
const lavaanName = (s: string, k: number) => (/^[\p{L}_][\p{L}\p{N}_.]*$/u.test(s) ? s : `F${k}`);

export const ADVANCED_R_Y1: Record<string, (p: Params) => string[]> = {
  cfa: (p) => {
    const slots = factorSlots(p);
    const itemNames = new Set(slots.flatMap((f) => f.items));
    const used = new Set<string>();
    const factors = slots.map((f) => {
      let name = lavaanName(f.name, f.slot);
      // lavaan refuses a latent variable named like an observed one.
      if (used.has(name) || itemNames.has(name)) name = `F${f.slot}`;
      used.add(name);
      return { name, items: f.items };
    });
    const all = factors.flatMap((f) => f.items);
    const miMin = num(p.miMin, 3.84);
    return [
      'library(lavaan)',
      `items <- c(${all.map(q).join(', ')})`,
      'x <- d[complete.cases(d[, items]), items]  # 列表删除',
      '# 条目名须是合法的 R 名称（不含空格、括号等），否则先重命名',
      'model <- paste(',
      ...factors.map((f, i) => `  ${q(`${f.name} =~ ${f.items.join(' + ')}`)}${i < factors.length - 1 ? ',' : ''}`),
      '  , sep = "\\n")',
      'fit <- cfa(model, data = x, estimator = "ML")  # 标定变量法（第一个载荷固定为 1），期望信息矩阵',
      'summary(fit, fit.measures = TRUE, standardized = TRUE)',
      'fitMeasures(fit, c("chisq", "df", "pvalue", "cfi", "tli", "rmsea", "rmsea.ci.lower", "rmsea.ci.upper", "rmsea.pvalue", "srmr", "aic", "bic"))  # 表1',
      'parameterEstimates(fit)  # 表2–表4 非标准化估计',
      'std <- standardizedSolution(fit); std  # 标准化解（std.all）',
      'l <- std[std$op == "=~", ]',
      'ave <- tapply(l$est.std^2, l$lhs, mean)  # 表5 AVE',
      'cr <- tapply(l$est.std, l$lhs, function(v) sum(v)^2 / (sum(v)^2 + sum(1 - v^2)))  # 表5 CR',
      'fl <- lavInspect(fit, "cor.lv"); diag(fl) <- sqrt(ave[rownames(fl)]); round(fl, 3)  # 表6 Fornell–Larcker',
      `mi <- modindices(fit, sort. = TRUE, minimum.value = ${miMin}); head(mi[, c("lhs", "op", "rhs", "mi", "epc", "sepc.all")], 15)  # 表7`,
    ];
  },
};
