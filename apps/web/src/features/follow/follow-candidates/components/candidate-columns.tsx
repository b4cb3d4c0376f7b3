import { minor, parseMoney, toDecimalString } from '@console/shared/money';
import { CANDIDATE_STATUS_LABELS, RISK_FLAG_LABELS } from '@console/shared/schemas/follow';
import { Input, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useRef, useState } from 'react';
import { type Candidate, useFollowMutations } from '../../../../api/follow';
import { useFeedback } from '../../../../app/ui-bridge';
import { ProductImage, TitleCell } from '../../follow-image';
import { money } from '../../follow-money';

/**
 * A candidate's cost (the floor of its suggested price: cost x (1 + minimum margin)), edited in
 * place in the marketplace's currency; empty clears it.
 */
function CostCell({ row }: { row: Candidate }) {
  const { message } = useFeedback();
  const { cost } = useFollowMutations();
  const shown = row.cost === null ? '' : toDecimalString(minor(row.cost), row.currency);
  const [text, setText] = useState(shown);
  // What was last sent (Enter, then leaving the field, saves once).
  const sent = useRef(shown);
  useEffect(() => {
    setText(shown);
    sent.current = shown;
  }, [shown]);
  const save = async () => {
    const typed = text.trim();
    if (typed === sent.current) return;
    let value: number | null = null;
    if (typed) {
      const r = parseMoney(typed, row.currency);
      if (!r.ok) {
        message.error(r.error);
        setText(shown);
        return;
      }
      value = r.value;
    }
    sent.current = typed;
    try {
      await cost.mutateAsync({ id: row.id, cost: value });
      message.success('成本已保存');
    } catch {
      // The http client showed the server's message.
      sent.current = shown;
      setText(shown);
    }
  };
  return (
    <Input
      size="small"
      aria-label={`成本 ${row.asin}`}
      placeholder="未设置"
      value={text}
      suffix={row.currency}
      onChange={(e) => setText(e.target.value)}
      onBlur={save}
      onPressEnter={save}
    />
  );
}

/**
 * The title, or for a lookup that failed (or waits for its second try) why: Amazon's answer
 * in Chinese, so a failed row is never blank.
 */
function TitleOrReason({ row }: { row: Candidate }) {
  if (row.error && row.status !== 'ready')
    return (
      <Typography.Text
        type={row.status === 'failed' ? 'danger' : 'warning'}
        data-testid={`follow-lookup-reason-${row.asin}`}
        ellipsis={{ tooltip: row.error }}
      >
        {row.error}
      </Typography.Text>
    );
  if (row.status === 'pending' && !row.title) return <Typography.Text type="secondary">查询中…</Typography.Text>;
  return <TitleCell title={row.title} />;
}

/** Width of the pool's table: the sum of its columns, for `scroll.x`. */
export const CANDIDATE_TABLE_WIDTH = 64 + 120 + 260 + 110 + 120 + 120 + 120 + 100 + 160 + 140 + 120 + 90 + 40;

/**
 * Columns of the pool (issue 29 §4: at 1440 px 成本, 建议价 and 状态 stay on screen, fixed on
 * the right; the title is cut with the whole of it on hover).
 */
export function candidateColumns(): ColumnsType<Candidate> {
  return [
    { title: '图片', dataIndex: 'image', width: 64, render: (v: string) => <ProductImage src={v} /> },
    { title: 'ASIN', dataIndex: 'asin', width: 120 },
    {
      title: '标题',
      dataIndex: 'title',
      width: 260,
      ellipsis: { showTitle: false },
      render: (_, r) => <TitleOrReason row={r} />,
    },
    { title: '品牌', dataIndex: 'brand', width: 110, ellipsis: true },
    { title: '产品类型', dataIndex: 'product_type', width: 120, ellipsis: true },
    { title: '购物车价格', width: 120, render: (_, r) => money(r.buybox_price, r.currency) },
    {
      title: '卖家数(FBA/FBM)',
      width: 120,
      render: (_, r) => (r.offer_count === null ? '-' : `${r.offer_count}(${r.fba_offers}/${r.fbm_offers})`),
    },
    {
      title: '可售',
      width: 100,
      render: (_, r) =>
        r.status !== 'ready' ? (
          '-'
        ) : r.restriction === 'none' ? (
          <Tag color="green">可跟卖</Tag>
        ) : (
          <Tag color="red" title={r.restriction_message}>
            {r.restriction === 'APPROVAL_REQUIRED'
              ? '需审核'
              : r.restriction === 'ASIN_NOT_FOUND'
                ? '未找到'
                : '不可售'}
          </Tag>
        ),
    },
    {
      title: '风险',
      width: 160,
      render: (_, r) =>
        r.risk_flags.map((f) => (
          <Tag key={f} color="orange">
            {RISK_FLAG_LABELS[f as keyof typeof RISK_FLAG_LABELS] ?? f}
          </Tag>
        )),
    },
    { title: '成本', width: 140, fixed: 'right', render: (_, r) => <CostCell row={r} /> },
    { title: '建议价', width: 120, fixed: 'right', render: (_, r) => money(r.suggested_price, r.currency) },
    {
      title: '状态',
      width: 90,
      fixed: 'right',
      render: (_, r) => {
        const label = CANDIDATE_STATUS_LABELS[r.status];
        const tag = <Tag color={r.status === 'failed' ? 'red' : r.status === 'ready' ? 'green' : 'blue'}>{label}</Tag>;
        return r.error ? <Tooltip title={r.error}>{tag}</Tooltip> : tag;
      },
    },
  ];
}
