// antd form rules from the contract's zod schemas, so the form refuses what the server would.
import type { Rule } from 'antd/es/form';
import type { ZodType } from 'zod';

export function zodRule(schema: ZodType, fallback = '输入有误'): Rule {
  return {
    validator: async (_rule, value: unknown) => {
      const r = schema.safeParse(value ?? '');
      // The contract's own messages are Chinese; zod's built-in ones (length limits) are not.
      const message = r.success ? '' : (r.error.issues[0]?.message ?? '');
      if (!r.success) throw new Error(/[\u4e00-\u9fff]/.test(message) ? message : fallback);
    },
  };
}
