import { ASIN_FILE_TYPES } from '@console/shared/schemas/follow';
import type { JobView } from '@console/shared/schemas/jobs';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Progress, Space, Table, Upload } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { type CandidateFilters, followKeys, useCandidates, useFollowMutations } from '../../../api/follow';
import { ApiError } from '../../../api/http';
import { useJobProgress } from '../../../api/jobs';
import { useFeedback } from '../../../app/ui-bridge';
import { serverPagination } from '../../../components/list-parts';
import { PageContainer } from '../../../layout/page/page-container';
import { FollowMarketplaceSelect, FollowShopSelect, useShopOptions } from '../follow-money';
import { readAsinFile } from './asin-file';
import { type AddAnswer, AddResult } from './components/add-result';
import { CANDIDATE_TABLE_WIDTH, candidateColumns } from './components/candidate-columns';
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

  const [answer, setAnswer] = useState<AddAnswer | null>(null);
  const columns = useMemo(() => candidateColumns(), []);

  // Shows what an add answered: the lookup started for the valid ASINs, the refused ones listed.
  const added = (r: AddAnswer) => {
    if (r.job_id) setJobId(r.job_id);
    setAnswer(r);
    if (r.refused_count === 0) message.success(`已添加${r.added}个,${r.existing}个已在候选池中,正在查询`);
    else if (r.job_id) message.warning(`已添加${r.added + r.existing}个并开始查询,${r.refused_count}个未添加`);
    else message.error(`没有可添加的ASIN,${r.refused_count}个未添加`);
  };

  const add = async (text: string) => {
    if (!shopId || !marketplace) {
      message.error('请选择店铺和站点');
      return;
    }
    added(await mut.add.mutateAsync({ shop_id: shopId, marketplace, asins: text }));
    setAsins('');
  };

  const importFile = async (file: File) => {
    if (!shopId || !marketplace) {
      message.error('请选择店铺和站点');
      return;
    }
    try {
      added(await mut.importFile.mutateAsync({ shop_id: shopId, marketplace, file: await readAsinFile(file) }));
    } catch (err) {
      // Server errors are shown by the http client; file-reading errors are ours.
      if (!(err instanceof ApiError)) message.error((err as Error).message);
    }
  };

  return (
    <PageContainer title="跟卖候选池">
      <Space wrap style={{ marginBottom: 12 }} align="start">
        <Form.Item label="店铺" style={{ marginBottom: 0 }}>
          <FollowShopSelect
            options={options}
            value={shopId}
            onChange={(v) => {
              setShopId(v);
              setMarketplace(undefined);
            }}
          />
        </Form.Item>
        <Form.Item label="站点" style={{ marginBottom: 0 }}>
          <FollowMarketplaceSelect
            marketplaces={shop?.marketplaces ?? []}
            value={marketplace}
            onChange={setMarketplace}
          />
        </Form.Item>
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
      {answer && <AddResult answer={answer} onClose={() => setAnswer(null)} />}
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
            if (r.job_id) setJobId(r.job_id);
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
        scroll={{ x: CANDIDATE_TABLE_WIDTH }}
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
