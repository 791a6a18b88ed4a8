import type { FormRule } from 'antd';
import type { z } from 'zod';

/**
 * An antd form rule that runs the shared contracts schema over the whole form and reports this
 * field's first issue, so the browser and the server apply the very same rule and wording.
 * Values the form holds without a visible field (such as a reset token) take part too.
 */
export function zodRule(schema: z.ZodType, field: string): FormRule {
  return (form) => ({
    validator: async () => {
      const result = schema.safeParse(form.getFieldsValue(true));
      const issue = result.success ? undefined : result.error.issues.find((candidate) => candidate.path[0] === field);
      if (issue) throw new Error(issue.message);
    },
  });
}
