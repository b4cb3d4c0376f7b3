// The Chinese names the audit log's sentences (opera-log.sentences.ts) give to fields and reasons.

/** Names of the account and settings fields a sentence lists as changed. */
export const FIELD_NAMES: Record<string, string> = {
  user_name: '姓名',
  email: '邮箱',
  phone: '手机号',
  brand_name: '品牌',
  vendor: '供应商',
  manufactuer_id: '制造商ID',
  status: '状态',
  auth: '角色',
  remark: '备注',
  principal: '负责人',
  end_time: '到期时间',
  max_child: '子账号上限',
  is_not_use_ean: '免用EAN',
  allow_upload_sites: '可上传站点',
  dsa_responsible_party_address: 'DSA责任方地址',
  gpsr_manufacturer_email_address: 'GPSR邮箱',
  follow_sale_remind: '跟卖提醒',
  gather_title_fill_keywords: '标题填充关键词',
  random_parentage_img: '随机变体图',
  random_bullet_points: '随机五点描述',
  goods_scope: '数据范围',
  leader_id: '所属组长',
  library_perms: '可修改的商品库设置',
  name: '名称',
  parent_id: '上级分类',
  sort: '排序',
  points: '五点描述',
  terms: '搜索词',
  country: '国家',
};
export const MONITOR_FIELDS: Record<string, string> = {
  priority: '优先级',
  own_brand: '自有品牌',
  band_min: '价格下限',
  band_max: '价格上限',
};
export const SHOP_FIELDS: Record<string, string> = { name: '名称', staff_ids: '可使用账号', marketplaces: '站点' };
export const SECTION_NAMES: Record<string, string> = {
  baseInfo: '基本信息',
  descs: '文案',
  prices: '价格',
  parentage: '变体',
  images: '图片',
  extraAttrs: '属性',
};

/** Why a link ended by itself (account-link.service.ts `dropLinksOf`). */
export const UNLINK_REASONS: Record<string, string> = {
  password_changed: '修改密码后自动解除',
  password_reset: '重置密码后自动解除',
  disabled: '账号停用后自动解除',
  deleted: '账号删除后自动解除',
};

/** Names of the batch-edit fields that are not account fields. */
export const BATCH_FIELD_NAMES: Record<string, string> = {
  type: '类型',
  category_id: '分类',
  product_template_id: '模板',
  add_tags: '添加标签',
  remove_tags: '移除标签',
  quantity: '库存',
  cost_price: '成本价',
  deal_time: '处理时间',
  weight: '重量',
  discount: '折扣',
  is_electric: '带电',
  not_vat: '免VAT',
  prices: '价格',
};
