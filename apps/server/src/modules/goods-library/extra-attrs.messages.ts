import type { ErrorObject } from 'ajv';

const TYPE_NAMES: Record<string, string> = {
  string: '文本',
  number: '数字',
  integer: '整数',
  boolean: '是/否',
  array: '列表',
  object: '对象',
};

/** The title of the schema node that failed, when it names more than the attribute itself. */
function fieldLabel(e: ErrorObject, attrLabel: string): string {
  const title = (e.parentSchema as { title?: unknown } | undefined)?.title;
  return typeof title === 'string' && title !== attrLabel ? `${attrLabel}·${title}` : attrLabel;
}

/** A Chinese sentence for one JSON Schema error of a product's extra attributes. */
export function extraAttrMessage(e: ErrorObject, attrLabel: string): string {
  const label = fieldLabel(e, attrLabel);
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'additionalProperties':
      return e.instancePath === ''
        ? `不支持的属性: ${String(p.additionalProperty)}`
        : `${label}包含不支持的字段: ${String(p.additionalProperty)}`;
    case 'required': {
      const props = (e.parentSchema as { properties?: Record<string, { title?: string }> } | undefined)?.properties;
      const missing = String(p.missingProperty);
      return `${attrLabel}缺少必填项: ${props?.[missing]?.title ?? missing}`;
    }
    case 'type':
      return `${label}类型不正确,应为${TYPE_NAMES[String(p.type)] ?? String(p.type)}`;
    case 'enum':
    case 'const':
      return `${label}的值不在可选范围内`;
    case 'maxLength':
      return `${label}不能超过${String(p.limit)}个字符`;
    case 'minLength':
      return `${label}不能少于${String(p.limit)}个字符`;
    case 'maxUtf8ByteLength':
      return `${label}不能超过${String(e.schema)}字节(UTF-8)`;
    case 'maximum':
      return `${label}不能大于${String(p.limit)}`;
    case 'minimum':
      return `${label}不能小于${String(p.limit)}`;
    case 'exclusiveMaximum':
      return `${label}必须小于${String(p.limit)}`;
    case 'exclusiveMinimum':
      return `${label}必须大于${String(p.limit)}`;
    case 'multipleOf':
      return `${label}必须是${String(p.multipleOf)}的整数倍`;
    case 'maxItems':
      return `${label}最多填写${String(p.limit)}个值`;
    case 'minItems':
      return `${label}至少填写${String(p.limit)}个值`;
    case 'maxUniqueItems':
      return `${label}每个站点/语言最多填写${String(e.schema)}个不同的值`;
    case 'minUniqueItems':
      return `${label}每个站点/语言至少填写${String(e.schema)}个值`;
    case 'not':
      return `${label}在当前条件下不允许填写`;
    default:
      return `${label}格式不正确`;
  }
}
