/**
 * The GPSR attributes a listing carries, as lines a seller reads (Chinese labels): the upload
 * check shows them per product x marketplace (docs/gpsr.md). Read from the listing's built
 * attributes, i.e. what `gpsrAttributes` (listing-attributes.ts) and the account's EU defaults
 * produced after the product type's schema was applied.
 */
export interface GpsrAttributeLine {
  /** Amazon's attribute name. */
  attribute: string;
  label: string;
  value: string;
}

import { GPSR_DOC_TYPES } from '../schemas/gpsr';

const rec = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
const values = (attrs: Record<string, unknown>, name: string): Record<string, unknown>[] =>
  Array.isArray(attrs[name]) ? (attrs[name] as unknown[]).map(rec) : [];
const text = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'boolean' ? (v ? '是' : '否') : '');

const docType = (t: string) => (GPSR_DOC_TYPES as Record<string, string>)[t] ?? t;

/** Lines of the GPSR attributes in `attrs` (none when the listing has no GPSR attribute). */
export function gpsrAttributeLines(attrs: Record<string, unknown>): GpsrAttributeLine[] {
  const lines: GpsrAttributeLine[] = [];
  const add = (attribute: string, label: string, value: string) => {
    if (value) lines.push({ attribute, label, value });
  };
  add(
    'gpsr_manufacturer_reference',
    '制造商邮箱',
    text(values(attrs, 'gpsr_manufacturer_reference')[0]?.gpsr_manufacturer_email_address),
  );
  add(
    'dsa_responsible_party_address',
    '欧盟负责人邮箱',
    text(values(attrs, 'dsa_responsible_party_address')[0]?.value),
  );
  add('gpsr_safety_attestation', '安全声明', text(values(attrs, 'gpsr_safety_attestation')[0]?.value));
  add('safety_warning', '安全警告', text(values(attrs, 'safety_warning')[0]?.value));
  const media = values(attrs, 'compliance_media');
  add(
    'compliance_media',
    '合规文件',
    media.length
      ? `${media.length}个(${[...new Set(media.map((m) => docType(text(m.content_type))))].join('、')})`
      : '',
  );
  // The manufacturer's name is a common attribute too: named only beside GPSR ones.
  if (lines.length) {
    const maker = text(values(attrs, 'manufacturer')[0]?.value);
    if (maker) lines.unshift({ attribute: 'manufacturer', label: '制造商', value: maker });
  }
  return lines;
}
