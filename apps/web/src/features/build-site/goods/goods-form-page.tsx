import { minor, moneyFromNumber, moneyToNumber } from '@console/shared/money';
import { SITE_LANGUAGES, type SiteBasic } from '@console/shared/schemas/site';
import { SITE_GOODS_LIMITS, type SiteGoods, type SiteGoodsCreateBody } from '@console/shared/schemas/site-goods';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Col,
  Form,
  Input,
  Row,
  Space,
  Spin,
  Tabs,
  Tag,
  TreeSelect,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useFeedback } from '../../../app/ui-bridge';
import { MoneyInput } from '../../../components/money-input';
import { SaveFailureAlert } from '../../../components/save-failure-alert';
import { PageContainer } from '../../../layout/page/page-container';
import { moneyInputRule } from '../../../lib/money-input';
import { saveFailure } from '../../../lib/version-conflict';
import { useSiteBasic } from '../basic/site-api';
import { categoryTreeData } from './category-tree';
import { optionsText, PicturesField, parseOptions, VariationsTable, type VariationValue } from './goods-form-parts';
import {
  createSiteGoods,
  updateSiteGoods,
  useInvalidateSiteGoods,
  useSiteCategoryTree,
  useSiteGoods,
} from './site-goods-api';

interface Values {
  texts: Record<string, { title: string; description: string; bullets: string }>;
  price: number | null;
  compare_at_price: number | null;
  pictures: string[];
  variations: VariationValue[];
  category_ids: number[];
  noindex: boolean;
}

const major = (v: number | null, currency: string) => (v === null ? null : moneyToNumber(minor(v), currency));
const minorOf = (v: number | null | undefined, currency: string) => moneyFromNumber(v, currency);

function toValues(site: SiteBasic, g: SiteGoods | null): Values {
  const cur = site.currency;
  return {
    texts: Object.fromEntries(
      site.languages.map((l) => {
        const t = g?.texts[l];
        return [
          l,
          { title: t?.title ?? '', description: t?.description ?? '', bullets: (t?.bullets ?? []).join('\n') },
        ];
      }),
    ),
    price: g ? major(g.price, cur) : null,
    compare_at_price: g ? major(g.compare_at_price, cur) : null,
    pictures: g?.pictures ?? [],
    variations: (g?.variations ?? []).map((v) => ({
      ...v,
      options: optionsText(v.options),
      price: major(v.price, cur),
    })),
    category_ids: g?.category_ids ?? [],
    noindex: g?.noindex ?? false,
  };
}

function toBody(v: Values, cur: string): SiteGoodsCreateBody {
  const texts: SiteGoodsCreateBody['texts'] = {};
  for (const [l, t] of Object.entries(v.texts ?? {})) {
    const bullets = t.bullets
      .split('\n')
      .map((b) => b.trim())
      .filter(Boolean);
    if (t.title.trim() || t.description.trim() || bullets.length) {
      texts[l] = { title: t.title, description: t.description, bullets };
    }
  }
  return {
    texts,
    price: minorOf(v.price, cur) ?? 0,
    compare_at_price: minorOf(v.compare_at_price, cur),
    pictures: v.pictures ?? [],
    variations: (v.variations ?? []).map((x) => ({
      sku: x.sku,
      options: parseOptions(x.options ?? ''),
      price: minorOf(x.price, cur),
      picture: x.picture ?? null,
      stock: typeof x.stock === 'number' ? x.stock : null,
    })),
    category_ids: v.category_ids ?? [],
    noindex: v.noindex ?? false,
  };
}

/** 添加站点商品 / 编辑站点商品 (`/build-site/goods/create`, `/build-site/goods/update/:goods_id`). */
export function SiteGoodsFormPage() {
  const id = Number(useParams().goods_id ?? 0);
  const site = useSiteBasic();
  const goods = useSiteGoods(id);
  const title = id ? '编辑站点商品' : '添加站点商品';
  if (site.data && site.data.id === null) {
    return (
      <PageContainer title={title}>
        <Alert type="warning" showIcon title="请先在基础设置中创建站点" />
      </PageContainer>
    );
  }
  if (goods.isError) return <Alert type="error" showIcon title={goods.error.message} />;
  if (!site.data || (id && !goods.data)) return <Spin style={{ display: 'block', margin: 48 }} />;
  return (
    <GoodsForm
      key={`${id}-${goods.data?.version ?? 0}`}
      title={title}
      site={site.data}
      goods={id ? (goods.data ?? null) : null}
      reload={() => goods.refetch()}
    />
  );
}

function GoodsForm(p: { title: string; site: SiteBasic; goods: SiteGoods | null; reload: () => unknown }) {
  const { site, goods } = p;
  const cur = site.currency;
  const [form] = Form.useForm<Values>();
  const navigate = useNavigate();
  const { message } = useFeedback();
  const invalidate = useInvalidateSiteGoods();
  const categories = useSiteCategoryTree();
  const [failure, setFailure] = useState<ReturnType<typeof saveFailure> | null>(null);
  const [saving, setSaving] = useState(false);
  const pictures = Form.useWatch('pictures', form) ?? goods?.pictures ?? [];
  const tree = categoryTreeData(categories.data?.tree ?? [], site.default_language);

  const submit = async (v: Values) => {
    setFailure(null);
    setSaving(true);
    try {
      const body = toBody(v, cur);
      const saved = goods
        ? await updateSiteGoods({ ...body, id: goods.id, version: goods.version })
        : await createSiteGoods(body);
      message.success('保存成功');
      await invalidate();
      if (!goods) {
        // The create screen stays cached: empty it for the next product.
        form.resetFields();
        navigate(`/build-site/goods/update/${saved.id}`, { replace: true });
      }
    } catch (err) {
      setFailure(saveFailure(err));
    } finally {
      setSaving(false);
    }
  };

  const languageTabs = site.languages.map((l) => ({
    key: l,
    label: `${SITE_LANGUAGES.find((x) => x.key === l)?.label ?? l}${l === site.default_language ? '(默认)' : ''}`,
    forceRender: true,
    children: (
      <>
        <Form.Item
          name={['texts', l, 'title']}
          label="标题"
          rules={[{ max: SITE_GOODS_LIMITS.titleChars, message: `标题最多${SITE_GOODS_LIMITS.titleChars}个字符` }]}
        >
          <Input data-testid={`title-${l}`} />
        </Form.Item>
        <Form.Item name={['texts', l, 'description']} label="描述">
          <Input.TextArea rows={5} maxLength={SITE_GOODS_LIMITS.descriptionChars} showCount />
        </Form.Item>
        <Form.Item name={['texts', l, 'bullets']} label="卖点(每行一条)">
          <Input.TextArea rows={4} />
        </Form.Item>
      </>
    ),
  }));

  return (
    <PageContainer title={p.title}>
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={toValues(site, goods)}
        onFinish={submit}
        style={{ maxWidth: 1000 }}
        data-testid="site-goods-form"
      >
        <SaveFailureAlert
          failure={failure}
          version={goods?.version ?? 0}
          onReload={p.reload}
          testId="site-goods-error"
        />
        {goods ? (
          <Space style={{ marginBottom: 12 }}>
            {goods.published ? <Tag color="green">已发布</Tag> : <Tag>未发布</Tag>}
            {goods.goods_id ? <Tag color="blue">来自商品库 #{goods.goods_id}</Tag> : null}
            {goods.library_updated ? <Tag color="orange">商品库有更新</Tag> : null}
            <Typography.Text type="secondary">地址标识:{goods.slug}</Typography.Text>
          </Space>
        ) : null}
        <Card size="small" title="文字" style={{ marginBottom: 16 }}>
          <Tabs items={languageTabs} />
        </Card>
        <Card size="small" title="价格与分类" style={{ marginBottom: 16 }}>
          <Row gutter={16}>
            <Col xs={24} md={8}>
              <Form.Item name="price" label={`售价(${cur})`} rules={[moneyInputRule]}>
                <MoneyInput currency={cur} data-testid="site-goods-price" />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="compare_at_price" label={`原价(${cur},可不填)`} rules={[moneyInputRule]}>
                <MoneyInput currency={cur} />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="category_ids" label="站点分类">
                <TreeSelect
                  multiple
                  allowClear
                  treeData={tree}
                  treeDefaultExpandAll
                  loading={categories.isLoading}
                  placeholder={tree.length ? '选择分类' : '暂无站点分类,请先在站点分类中添加'}
                  notFoundContent="暂无站点分类"
                />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item name="noindex" valuePropName="checked" style={{ marginBottom: 0 }}>
            <Checkbox data-testid="site-goods-noindex">不被搜索引擎收录(商品页加 noindex,不列入 sitemap)</Checkbox>
          </Form.Item>
        </Card>
        <Card size="small" title="图片" style={{ marginBottom: 16 }}>
          <Form.Item name="pictures" noStyle>
            <PicturesField />
          </Form.Item>
        </Card>
        <Card size="small" title="变体" style={{ marginBottom: 16 }}>
          <VariationsTable currency={cur} pictures={pictures} />
          <Typography.Text type="secondary">
            库存留空表示不限;下单时扣减,订单取消时退回,为0时商品页显示缺货。没有变体的商品不计库存。
          </Typography.Text>
        </Card>
        <Space>
          <Button type="primary" htmlType="submit" loading={saving} data-testid="site-goods-save">
            保存
          </Button>
          <Button onClick={() => navigate('/build-site/goods/list')}>返回列表</Button>
        </Space>
      </Form>
    </PageContainer>
  );
}
