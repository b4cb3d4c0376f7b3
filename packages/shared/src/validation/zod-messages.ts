import type { z } from 'zod';
import { MSG } from './rules.js';

/** Chinese text for a zod issue that has no message of its own from the schema. */
export function issueMessage(issue: z.core.$ZodIssue): string {
  // A message written in a schema (Chinese) wins over the generic English one.
  if (issue.message && /[\u4e00-\u9fff]/.test(issue.message)) return issue.message;
  const field = issue.path.join('.');
  switch (issue.code) {
    case 'unrecognized_keys':
      return `不支持的字段: ${issue.keys.join(', ')}`;
    case 'invalid_type':
      return issue.input === undefined ? MSG.required : `${field || '请求'}格式不正确`;
    case 'too_small':
      return `${field}太小或太短`;
    case 'too_big':
      return `${field}太大或太长`;
    default:
      return `${field || '请求'}格式不正确`;
  }
}

/** The first issue's path as a field name (for `data.field` of a validation failure). */
export function issueField(issue: z.core.$ZodIssue): string {
  return issue.path.map(String).join('.');
}
