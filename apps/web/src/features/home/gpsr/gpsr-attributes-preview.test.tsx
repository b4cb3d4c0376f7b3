import { gpsrAttributes } from '@console/shared/gpsr/listing-attributes';
import type { GpsrDocument } from '@console/shared/schemas/gpsr';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { GpsrAttributesPreview, gpsrPreviewRows } from './gpsr-attributes-preview';

// The preview names a document by its file name (the upload sends a signed link to its url).
const doc = (name: string, doc_type: GpsrDocument['doc_type'], language: GpsrDocument['language']): GpsrDocument => ({
  url: `/PDD/files/t1/2026/11/${name}`,
  name,
  size: 1000,
  doc_type,
  language,
});

const PROFILE = {
  manufacturer_name: ' 深圳工厂 ',
  manufacturer_email: 'factory@example.com',
  rp_email: 'rp@example.eu',
  safety_attestation: false,
  warnings: { de: 'Nicht für Kinder', en: 'Not for children' },
  documents: [doc('handbuch.pdf', 'user_manual', 'de'), doc('sicherheit.pdf', 'safety_information', 'fr')],
};

describe('GPSR 上传预览 (issue 31 §3)', () => {
  it('lists the attributes of the upload’s own mapping, for the chosen marketplace', () => {
    const de = gpsrPreviewRows(PROFILE, 'de');
    // The same attributes, in the same order, as the listing mapper sends (one shared function).
    expect(de.map((r) => r.attribute)).toEqual(
      Object.keys(gpsrAttributes(PROFILE, { languageTag: 'de_DE' }, (u) => u)),
    );
    expect(Object.fromEntries(de.map((r) => [r.attribute, r.values]))).toEqual({
      manufacturer: ['深圳工厂'],
      gpsr_manufacturer_reference: ['factory@example.com'],
      dsa_responsible_party_address: ['rp@example.eu'],
      gpsr_safety_attestation: ['否'],
      safety_warning: ['Nicht für Kinder'],
      compliance_media: ['用户手册 · de_DE · handbuch.pdf', '安全信息 · fr_FR · sicherheit.pdf'],
    });
    expect(de.find((r) => r.attribute === 'dsa_responsible_party_address')?.label).toBe('欧盟负责人电子邮箱');
    // France has no French warning: the English one goes, as in the upload.
    expect(gpsrPreviewRows(PROFILE, 'fr').find((r) => r.attribute === 'safety_warning')?.values).toEqual([
      'Not for children',
    ]);
  });

  it('leaves out what the profile does not fill; an unknown marketplace previews nothing', () => {
    const bare = {
      ...PROFILE,
      manufacturer_name: '',
      rp_email: ' ',
      safety_attestation: true,
      warnings: {},
      documents: [],
    };
    expect(gpsrPreviewRows(bare, 'it')).toEqual([
      { attribute: 'gpsr_manufacturer_reference', label: '制造商电子邮箱', values: ['factory@example.com'] },
      { attribute: 'gpsr_safety_attestation', label: '安全声明', values: ['是'] },
    ]);
    expect(gpsrPreviewRows(PROFILE, 'xx')).toEqual([]);
  });

  it('renders the rows under their attribute names (德国 first)', () => {
    const html = renderToStaticMarkup(<GpsrAttributesPreview profile={PROFILE} />);
    expect(html).toContain('data-testid="gpsr-preview-dsa_responsible_party_address"');
    expect(html).toContain('rp@example.eu');
    expect(html).toContain('Nicht für Kinder');
    expect(html).toContain('handbuch.pdf');
  });
});
