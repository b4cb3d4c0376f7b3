import { minor, parseMoney, toDecimalString } from '@console/shared/money';
import { ASIN_FILE_TYPES, CANDIDATE_STATUS_LABELS, RISK_FLAG_LABELS } from '@console/shared/schemas/follow';
import type { JobView } from '@console/shared/schemas/jobs';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Image, Input, Progress, Space, Table, Tag, Upload } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useRef, useState } from 'react';
import {
  type Candidate,
  type CandidateFilters,
  followKeys,
  useCandidates,
  useFollowMutations,
} from '../../../api/follow';
import { ApiError } from '../../../api/http';
import { useJobProgress } from '../../../api/jobs';
import { useFeedback } from '../../../app/ui-bridge';
import { serverPagination } from '../../../components/list-parts';
import { PageContainer } from '../../../layout/page/page-container';
import { MarketplaceSelect, money, useShopOptions } from '../follow-money';
import { readAsinFile } from './asin-file';
import { CatalogSearch } from './components/catalog-search';
import { PriceRuleForm } from './components/price-rule-form';
import { PushDialog } from './components/push-dialog';

type LookupResult = { ready: number; failed: number; eta_ms: number };

/** What a running lookup shows: progress and the time the shop's rate limits need for the rest. */
function LookupProgress({ job }: { job: JobView<LookupResult> | undefined }) {
  if (!job) return null;
  const pct = job.total ? Math.floor((job.progress * 100) / job.total) : 0;
  const eta = Math.ceil((job.result?.eta_ms ?? 0) / 1000);
  const left = job.status === 'queued' || !job.result ? '正在估算剩余时间' : `预计还需 ${eta} 秒`;
  return (
    <Space style={{ marginBottom: 12 }} data-testid="lookup-progress">
      <Progress percent={job.status === 'done' ? 100 : pct} style={{ width: 240 }} size="small" />
      <span>
        {job.status === 'done'
          ? `查询完成:成功${job.result?.ready ?? 0}个,失败${job.result?.failed ?? 0}个`
          : job.status === 'failed'
            ? job.error
            : `已查询 ${job.progress}/${job.total},${left}`}
      </span>
    </Space>
  );
}

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

/** 跟卖候选池 (`/follow/follow-sale/push`, `/goods/follow-sale/push`): ASINs to follow, looked up at Amazon. */
export function FollowCandidatesPage() {
  const { message } = useFeedback();
  const { options, shops } = useShopOptions();
  const [shopId, setShopId] = useState<number | undefined>();
  const [marketplace, setMarketplace] = useState<string | undefined>();
  const [asins, setAsins] = useState('');
  const [filters, setFilters] = useState<CandidateFilters>({ page: 1, pageSize: 20 });
  const [jobId, setJobId] = useState<string | null>(null);
  const [selected, setSelected] = useState<number[]>([]);
  const [pushing, setPushing] = useState(false);
  const job = useJobProgress<LookupResult>(jobId);
  const running = job.data !== undefined && (job.data.status === 'queued' || job.data.status === 'running');
  const list = useCandidates(filters, running ? 1000 : false);
  const mut = useFollowMutations();
  const shop = shops.find((s) => s.id === shopId);
  const qc = useQueryClient();
  const finished = job.data?.status === 'done' || job.data?.status === 'failed';
  // The last poll while running may predate the end: read the pool once more when the job ends.
  useEffect(() => {
    if (finished) void qc.invalidateQueries({ queryKey: followKeys.all });
  }, [finished, qc]);

  const add = async (text: string) => {
    if (!shopId || !marketplace) {
      message.error('请选择店铺和站点');
      return;
    }
    const r = await mut.add.mutateAsync({ shop_id: shopId, marketplace, asins: text });
    setJobId(r.job_id);
    setAsins('');
    message.success(`已添加${r.added}个,${r.existing}个已在候选池中,正在查询`);
  };

  const importFile = async (file: File) => {
    if (!shopId || !marketplace) {
      message.error('请选择店铺和站点');
      return;
    }
    try {
      const r = await mut.importFile.mutateAsync({ shop_id: shopId, marketplace, file: await readAsinFile(file) });
      setJobId(r.job_id);
      message.success(`已从文件添加${r.added}个,${r.existing}个已在候选池中,正在查询`);
    } catch (err) {
      // Server errors are shown by the http client; file-reading errors are ours.
      if (!(err instanceof ApiError)) message.error((err as Error).message);
    }
  };

  const columns: ColumnsType<Candidate> = [
    {
      title: '图片',
      dataIndex: 'image',
      width: 64,
      render: (v: string) => (v ? <Image src={v} width={48} height={48} preview={false} /> : null),
    },
    { title: 'ASIN', dataIndex: 'asin', width: 120 },
    { title: '标题', dataIndex: 'title', ellipsis: true },
    { title: '品牌', dataIndex: 'brand', width: 100 },
    { title: '产品类型', dataIndex: 'product_type', width: 120 },
    {
      title: '购物车价格',
      width: 120,
      render: (_, r) => money(r.buybox_price, r.currency),
    },
    {
      title: '卖家数(FBA/FBM)',
      width: 120,
      render: (_, r) => (r.offer_count === null ? '-' : `${r.offer_count}(${r.fba_offers}/${r.fbm_offers})`),
    },
    {
      title: '可售',
      width: 110,
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
    { title: '成本', width: 130, render: (_, r) => <CostCell row={r} /> },
    { title: '建议价', width: 120, render: (_, r) => money(r.suggested_price, r.currency) },
    {
      title: '状态',
      width: 90,
      render: (_, r) => <span title={r.error}>{CANDIDATE_STATUS_LABELS[r.status]}</span>,
    },
  ];

  return (
    <PageContainer title="跟卖候选池">
      <Space wrap style={{ marginBottom: 12 }} align="start">
        <Form.Item label="店铺" style={{ marginBottom: 0 }}>
          <select
            aria-label="店铺"
            data-testid="shop-select"
            style={{ width: 180, height: 32 }}
            value={shopId ?? ''}
            onChange={(e) => {
              setShopId(e.target.value ? Number(e.target.value) : undefined);
              setMarketplace(undefined);
            }}
          >
            <option value="">请选择店铺</option>
            {options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </Form.Item>
        <MarketplaceSelect marketplaces={shop?.marketplaces ?? []} value={marketplace} onChange={setMarketplace} />
        <Input.TextArea
          placeholder="粘贴ASIN,每行一个(10位)"
          value={asins}
          onChange={(e) => setAsins(e.target.value)}
          autoSize={{ minRows: 2, maxRows: 6 }}
          style={{ width: 260 }}
        />
        <Button type="primary" loading={mut.add.isPending} disabled={!asins.trim()} onClick={() => add(asins)}>
          添加并查询
        </Button>
        <Upload
          accept={ASIN_FILE_TYPES.join(',')}
          showUploadList={false}
          beforeUpload={(file) => {
            void importFile(file);
            return false;
          }}
        >
          <Button loading={mut.importFile.isPending} title="txt每行一个ASIN;csv/xlsx取标题为ASIN的列,没有则取第一列">
            导入文件
          </Button>
        </Upload>
      </Space>
      {shopId && marketplace ? (
        <CatalogSearch shopId={shopId} marketplace={marketplace} onAdd={(list) => add(list.join('\n'))} />
      ) : (
        <Alert
          type="info"
          showIcon
          message="选择店铺和站点后可粘贴ASIN、导入文件(txt/csv/xlsx)或按关键词、分类搜索亚马逊目录"
          style={{ marginBottom: 12 }}
        />
      )}
      <PriceRuleForm />
      <LookupProgress job={job.data} />
      <Space style={{ marginBottom: 12 }}>
        <Button disabled={selected.length === 0 || !shopId} onClick={() => setPushing(true)}>
          跟卖到店铺
        </Button>
        <Button
          disabled={selected.length === 0 || !shopId}
          onClick={async () => {
            if (!shopId) return;
            const r = await mut.refresh.mutateAsync({ ids: selected, shop_id: shopId });
            setJobId(r.job_id);
          }}
        >
          重新查询
        </Button>
        <Button
          danger
          disabled={selected.length === 0}
          onClick={async () => {
            await mut.remove.mutateAsync({ ids: selected });
            setSelected([]);
            message.success('删除成功');
          }}
        >
          删除
        </Button>
      </Space>
      <Table
        data-testid="follow-candidate-table"
        rowKey="id"
        size="small"
        scroll={{ x: 1630 }}
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.isFetching && !running}
        rowSelection={{ selectedRowKeys: selected, onChange: (k) => setSelected(k as number[]) }}
        pagination={serverPagination(filters, list.data?.total ?? 0, setFilters)}
      />
      <PushDialog
        open={pushing}
        ids={selected}
        shopId={shopId}
        onClose={() => setPushing(false)}
        onPushed={() => setSelected([])}
      />
    </PageContainer>
  );
}
