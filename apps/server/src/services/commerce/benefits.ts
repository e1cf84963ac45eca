// What each membership tier gives (spec 02 §2 benefit lists, §3 benefit groups), computed from the
// tool catalogue and the AI quota settings, so the lists never promise what the server does not do.
// Status 1: included; 3: included with a limit (the circle marker); 0: not included.
import type { BenefitGroup } from '@labstat/contracts';
import { TOOLS } from '@labstat/tools';
import type { AiSettings } from '../../config.js';
import type { Tier } from '../membership.js';

export function benefitGroups(tier: Tier, ai: AiSettings['dailyQuota']): BenefitGroup[] {
  const free = TOOLS.filter((t) => !t.definition.vip && !t.definition.svip).length;
  const member = TOOLS.filter((t) => t.definition.vip && !t.definition.svip).length;
  const advanced = TOOLS.filter((t) => t.definition.svip).length;
  const has = (ok: boolean) => (ok ? 1 : 0);
  return [
    {
      title: '分析工具',
      content: [
        { title: `基础统计工具（${free} 个）`, status: 1 },
        { title: `会员统计工具（${member} 个，如多因素回归、Meta 分析）`, status: has(tier !== 'free') },
        { title: `高级工具${advanced > 0 ? `（${advanced} 个）` : ''}`, annotation: '问卷、多元统计与高级模型', status: has(tier === 'svip') },
      ],
    },
    {
      title: '报告与解读',
      content: [
        { title: 'Word / Excel 报告下载、图表导出、分享链接', status: 1 },
        { title: 'LabStat 内置解读', status: 1 },
        { title: `外部大模型解读（每日 ${ai[tier]} 次）`, status: tier === 'free' ? 3 : 1 },
      ],
    },
  ];
}
