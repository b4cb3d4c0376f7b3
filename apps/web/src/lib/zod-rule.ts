import type { Rule } from 'antd/es/form';
import type { z } from 'zod';

/** An antd form rule that validates a value with a shared zod schema and shows its Chinese message. */
export function zodRule(schema: z.ZodType, trigger: 'onBlur' | 'onChange' = 'onBlur'): Rule {
  return {
    validateTrigger: trigger,
    validator: async (_rule, value) => {
      const r = schema.safeParse(value ?? '');
      if (!r.success) throw new Error(r.error.issues[0]?.message ?? '格式不正确');
    },
  };
}
