import type { PayeeAccount } from '@console/shared/schemas/finance-payee';
import { Card, Descriptions, Image } from 'antd';
import type { ReactNode } from 'react';

/** One payee account as its details (bank, Alipay) or its QR image (WeChat). */
export function PayeeCard({ account, extra }: { account: PayeeAccount; extra?: ReactNode }) {
  const items =
    account.kind === 'bank'
      ? [
          { key: 'bank', label: '开户银行', children: account.bank_name },
          { key: 'name', label: '户名', children: account.account_name },
          { key: 'no', label: '账号', children: account.account_no },
          ...(account.branch ? [{ key: 'branch', label: '开户支行', children: account.branch }] : []),
        ]
      : account.kind === 'alipay'
        ? [
            { key: 'no', label: '支付宝账号', children: account.account_no },
            { key: 'name', label: '实名', children: account.account_name },
          ]
        : [{ key: 'name', label: '收款人', children: account.account_name }];
  return (
    <Card
      size="small"
      title={account.kind_name}
      extra={extra}
      style={{ width: 320 }}
      data-testid={`payee-account-${account.id}`}
    >
      <Descriptions size="small" column={1} items={items} />
      {account.qr_url ? (
        <Image src={account.qr_url} width={160} alt={`${account.kind_name}收款码`} data-testid="payee-qr" />
      ) : null}
      {account.note ? <div style={{ marginTop: 8, color: '#888' }}>{account.note}</div> : null}
    </Card>
  );
}
