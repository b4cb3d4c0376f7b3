import { countryName, marketplaceByCode } from '@console/shared/constants/marketplaces';
import { type GpsrListingProfile, gpsrAttributes } from '@console/shared/gpsr/listing-attributes';
import { GPSR_DOC_TYPES, GPSR_MARKETPLACES } from '@console/shared/schemas/gpsr';
import { Select, Space, Table, Typography } from 'antd';
import { useState } from 'react';

/** Chinese names of the listing attributes a profile fills (the names themselves are Amazon's). */
const ATTRIBUTE_LABELS: Record<string, string> = {
  manufacturer: '制造商名称',
  gpsr_manufacturer_reference: '制造商电子邮箱',
  dsa_responsible_party_address: '欧盟负责人电子邮箱',
  gpsr_safety_attestation: '安全声明',
  safety_warning: '警告语',
  compliance_media: '安全文件',
};

/** One attribute of the preview: Amazon's name, its Chinese name, one line per value. */
export interface GpsrPreviewRow {
  attribute: string;
  label: string;
  values: string[];
}

const cell = (k: string, v: unknown): string =>
  typeof v === 'boolean'
    ? v
      ? '是'
      : '否'
    : k === 'content_type'
      ? ((GPSR_DOC_TYPES as Record<string, string>)[String(v)] ?? String(v))
      : String(v);

/**
 * The listing attributes an upload to `marketplace` would take from the profile, computed by the
 * upload's own mapping (`gpsrAttributes`, shared with the server's listing mapper). A document is
 * named by its file name here; the upload sends a signed public link to it.
 */
export function gpsrPreviewRows(profile: GpsrListingProfile, marketplace: string): GpsrPreviewRow[] {
  const m = marketplaceByCode(marketplace);
  if (!m) return [];
  const names = new Map(profile.documents.map((d) => [d.url, d.name]));
  const attrs = gpsrAttributes(profile, m, (url) => names.get(url) ?? url);
  return Object.entries(attrs).map(([attribute, list]) => ({
    attribute,
    label: ATTRIBUTE_LABELS[attribute] ?? attribute,
    values: list.map((v) =>
      v !== null && typeof v === 'object'
        ? Object.entries(v as Record<string, unknown>)
            .map(([k, x]) => cell(k, x))
            .join(' · ')
        : String(v),
    ),
  }));
}

/**
 * 上传预览 of the profile drawer (issue 31 §3): what an upload to the chosen EU marketplace would
 * put into the listing from the profile as it is being edited.
 */
export function GpsrAttributesPreview({ profile }: { profile: GpsrListingProfile }) {
  const [market, setMarket] = useState<string>('de');
  const rows = gpsrPreviewRows(profile, market);
  return (
    <div data-testid="gpsr-preview">
      <Space style={{ marginBottom: 8 }}>
        <span>上传站点</span>
        <Select
          size="small"
          style={{ width: 140 }}
          value={market}
          onChange={setMarket}
          options={GPSR_MARKETPLACES.map((m) => ({ value: m, label: countryName(m) }))}
          data-testid="gpsr-preview-market"
        />
      </Space>
      <Table<GpsrPreviewRow>
        size="small"
        rowKey="attribute"
        pagination={false}
        dataSource={rows}
        columns={[
          {
            title: '属性',
            width: 240,
            render: (_, r) => (
              <div>
                <div>{r.label}</div>
                <Typography.Text type="secondary" code>
                  {r.attribute}
                </Typography.Text>
              </div>
            ),
          },
          {
            title: '上传内容',
            render: (_, r) => (
              <div data-testid={`gpsr-preview-${r.attribute}`}>
                {r.values.map((v, i) => (
                  <div key={i}>{v}</div>
                ))}
              </div>
            ),
          },
        ]}
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
        档案填写的邮箱替换账号资料中的同名邮箱;商品类型没有的属性不发送(如 safety_warning);安全文件以签名公开链接发送。
        邮寄地址和负责人名称没有 listing 属性,请在亚马逊合规中心(Manage Your Compliance)登记。
      </Typography.Paragraph>
    </div>
  );
}
