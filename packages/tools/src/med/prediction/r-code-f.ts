// R scripts (可复现R代码) of the prediction tools in group F, under their tool keys.
import { list, num, q, xcol } from '../../r-code-helpers.js';
import type { Params } from '../../tool.js';

/** Levels in the user's order, then the rest by first appearance. */
const levelsOf = (given: string[], v: string): string => (given.length > 0 ? `unique(c(${given.map(q).join(', ')}, as.character(${v})))` : `unique(as.character(${v}))`);

export const PREDICTION_R_F: Record<string, (p: Params) => string[]> = {
  'competing-risks': (p) => {
    const xs = list(p.x);
    const fs = list(p.factors);
    const group = String(p.group ?? '');
    const used = [...new Set([p.time, p.status, ...(group ? [group] : []), ...xs, ...fs].map(String))].map(q).join(', ');
    const refs = new Map<string, string[]>();
    for (const entry of String(p.reference ?? '').split(/[;；\n]/)) {
      const m = /^(.*?)[=＝:：](.*)$/.exec(entry.trim());
      if (m) refs.set(m[1]!.trim(), m[2]!.split(/[,，、]/).map((v) => v.trim()).filter((v) => v !== ''));
    }
    const censor = String(p.censor ?? '').trim();
    const event = String(p.event ?? '').trim();
    const times = String(p.times ?? '').trim();
    const lvl = num(p.level, 0.95);
    const terms = [...xs, ...fs].map((v) => `\`${v.replace(/`/g, '\\`')}\``).join(' + ');
    return [
      'library(cmprsk); library(survival)',
      `x <- d[complete.cases(d[, c(${used})]), ]  # 列表删除`,
      `time <- ${xcol(p.time)}`,
      `st <- trimws(as.character(${xcol(p.status)}))`,
      censor
        ? `cens <- ${q(censor)}  # 代表删失的取值`
        : 'cens <- intersect(c("0", "删失", "截尾", "存活", "生存", "失访", "无事件", "censored", "censor", "alive"), st)[1]  # 自动识别删失',
      `ev <- ${event ? q(event) : '"1"'}  # 关注事件`,
      'others <- setdiff(unique(st), c(cens, ev))  # 竞争事件',
      'code <- ifelse(st == cens, 0, ifelse(st == ev, 1, 1 + match(st, others)))  # 0 = 删失，1 = 关注事件，2… = 竞争事件',
      'table(code)',
      ...(group
        ? [`g <- factor(${xcol(group)}, levels = unique(${xcol(group)}))`, 'ci <- cuminc(time, code, g, cencode = 0)', 'ci$Tests  # Gray 检验（每种结局）']
        : ['ci <- cuminc(time, code, cencode = 0)']),
      times
        ? `at <- c(${times.split(/[\s,，;；、]+/).filter((s) => s !== '').join(', ')})  # 报告累积发生率的时间点`
        : 'step <- local({ raw <- max(time) / 4; m <- 10^floor(log10(raw)); s <- c(1, 2, 2.5, 5, 10) * m; s[s >= raw][1] }); at <- head(seq(step, max(time), by = step), 3); at <- at[at < max(time)]; if (!length(at)) at <- max(time)  # 自动取整齐的时间点',
      'tp <- timepoints(ci, at)',
      `z <- qnorm(1 - (1 - ${lvl}) / 2); a <- z * sqrt(tp$var) / (tp$est * abs(log(tp$est)))`,
      'list(est = tp$est, se = sqrt(tp$var), lower = tp$est^exp(a), upper = tp$est^exp(-a))  # log(-log) 变换的置信区间',
      'plot(ci, xlab = "时间", ylab = "累积发生率")',
      'timepoints(cuminc(time, code, cencode = 0), max(at))$est[1, ]  # 全部对象的累积发生率',
      '1 - summary(survfit(Surv(time, code == 1) ~ 1), times = max(at))$surv  # 把竞争事件当删失的 1 - KM（偏高）',
      ...(xs.length + fs.length > 0
        ? [
            ...fs.map((f) => `${xcol(f)} <- factor(trimws(${xcol(f)}), levels = ${levelsOf(refs.get(f) ?? [], `trimws(${xcol(f)})`)})  # 第一个水平为参照`),
            `X <- model.matrix(~ ${terms}, data = x)[, -1, drop = FALSE]`,
            'fit <- crr(time, code, X, failcode = 1, cencode = 0)',
            `summary(fit, conf.int = ${lvl})  # 系数、SHR、稳健 SE、P 与伪似然比检验`,
          ]
        : []),
    ];
  },
};
