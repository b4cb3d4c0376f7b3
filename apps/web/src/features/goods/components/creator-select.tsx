import type { GoodsCreator } from '@console/shared/schemas/goods';
import { Select } from 'antd';
import { useMemo } from 'react';
import { useGoodsCreators } from '../../../api/goods';

/** Select options of the tenant's accounts: the main account marked, disabled ones last and marked. */
export function creatorOptions(accounts: readonly GoodsCreator[]) {
  const label = (a: GoodsCreator) => `${a.name}${a.parent_id === 0 ? '(主账号)' : ''}${a.disabled ? '(已停用)' : ''}`;
  return [...accounts]
    .sort((a, b) => Number(a.disabled) - Number(b.disabled))
    .map((a) => ({ value: a.id, label: label(a) }));
}

interface Props {
  value?: number | null;
  onChange?: (value: number | null) => void;
  style?: React.CSSProperties;
  'data-testid'?: string;
}

/** Picks the account that created the products (创建人), searchable by name. */
export function CreatorSelect({ value, onChange, style, ...rest }: Props) {
  const creators = useGoodsCreators();
  const options = useMemo(() => creatorOptions(creators.data ?? []), [creators.data]);
  return (
    <Select<number>
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      options={options}
      showSearch={{ optionFilterProp: 'label' }}
      allowClear
      loading={creators.isLoading}
      placeholder="创建人"
      style={style}
      popupMatchSelectWidth={false}
      data-testid={rest['data-testid']}
    />
  );
}
