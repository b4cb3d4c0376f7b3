import { describe, expect, it } from 'vitest';
import { gpsrAttributeLines } from './attribute-lines';
import { gpsrAttributes } from './listing-attributes';

describe('gpsrAttributeLines', () => {
  it('reads what gpsrAttributes produced: warning in the language, documents counted by type', () => {
    const attrs = gpsrAttributes(
      {
        manufacturer_name: 'Acme',
        manufacturer_email: 'maker@acme.example',
        rp_email: '',
        safety_attestation: false,
        warnings: { de: 'Nicht für Kinder', en: 'Not for children' },
        documents: [
          { doc_type: 'user_manual', language: 'de', url: '/PDD/files/a.pdf', name: 'a.pdf' },
          { doc_type: 'safety_information', language: 'en', url: '/PDD/files/b.pdf', name: 'b.pdf' },
          { doc_type: 'user_manual', language: 'en', url: '/PDD/files/c.pdf', name: 'c.pdf' },
        ],
      } as never,
      { languageTag: 'de_DE' },
      (u) => `https://console.example${u}`,
    );
    expect(gpsrAttributeLines(attrs)).toEqual([
      { attribute: 'manufacturer', label: '制造商', value: 'Acme' },
      { attribute: 'gpsr_manufacturer_reference', label: '制造商邮箱', value: 'maker@acme.example' },
      { attribute: 'gpsr_safety_attestation', label: '安全声明', value: '否' },
      { attribute: 'safety_warning', label: '安全警告', value: 'Nicht für Kinder' },
      { attribute: 'compliance_media', label: '合规文件', value: '3个(用户手册、安全信息)' },
    ]);
  });

  it('a listing with only a manufacturer (no GPSR attribute) has no lines', () => {
    expect(gpsrAttributeLines({ manufacturer: [{ value: 'Acme' }], item_name: [{ value: 'x' }] })).toEqual([]);
    expect(gpsrAttributeLines({})).toEqual([]);
  });
});
