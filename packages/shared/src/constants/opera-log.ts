/**
 * Every action code the operation log records, with the short Chinese name the log's filter
 * shows (issue 13 §3). The server writes a full sentence per entry
 * (`modules/system/opera-log.sentences.ts`); a test fails when an audited code is missing here.
 */
export const OPERA_LOG_ACTIONS = {
  'account.login': '登录',
  'account.qrLogin': '扫码登录',
  'account.qrConfirm': '确认扫码登录',
  'account.logout': '退出登录',
  'account.updateInfo': '修改账号资料',
  'account.updatePassword': '修改密码',
  'account.toggle': '切换账号',
  'account.child.create': '创建子账号',
  'account.child.update': '修改子账号',
  'account.child.resetPassword': '重置子账号密码',
  'account.child.delete': '删除子账号',
  'account.allowSites': '设置可上传站点',
  'shop.bind': '绑定店铺',
  'shop.reauthorize': '重新授权店铺',
  'shop.sync': '检测店铺授权',
  'shop.update': '修改店铺',
  'shop.delete': '解绑店铺',
  'upload.create': '上传到亚马逊',
  'upload.retry': '重试上传',
  'upload.cancel': '取消上传',
  'upload.resubmit': '编辑并重新提交上传',
  'system.cli.rotateSecrets': '命令行轮换密钥',
  'account.cli.create': '命令行创建账号',
  'account.cli.resetPassword': '命令行重置密码',
  'system.cli.setTrader': '命令行设置代理品牌',
  'files.upload': '上传图片',
  'files.copyRemote': '复制网络图片',
  'goods.create': '创建商品',
  'goods.update': '修改商品',
  'goods.copy': '复制商品',
  'goods.claim': '认领商品',
  'goods.publishClaim': '发布认领商品',
  'goods.withdrawClaim': '撤回认领发布',
  'goods.recycle': '放入回收站',
  'goods.restore': '从回收站恢复',
  'goods.deleteForever': '彻底删除商品',
  'goods.setStatus': '修改审核状态',
  'goods.batchUpdate': '批量编辑商品',
  'goods.batchReplaceEnTitle': '批量替换英文标题',
  'goods.export': '导出商品',
  'goods.exportJob': '创建导出任务',
  'goods.priceSettings': '修改价格设置',
  'goods.translate': '翻译商品',
  'goods.translateJob': '创建翻译任务',
  'goods.category.create': '新建分类',
  'goods.category.update': '修改分类',
  'goods.category.delete': '删除分类',
  'goods.ean.import': '导入EAN码',
  'goods.ean.delete': '删除EAN码',
  'goods.points.create': '新建五点描述',
  'goods.points.update': '修改五点描述',
  'goods.points.delete': '删除五点描述',
  'goods.searchTerms.create': '新建搜索词',
  'goods.searchTerms.update': '修改搜索词',
  'goods.searchTerms.delete': '删除搜索词',
  'goods.sensitive.create': '添加敏感词',
  'goods.sensitive.delete': '删除敏感词',
  'translate.correction': '修正译文',
  'translate.correction.delete': '删除译文修正',
  'translate.memory.delete': '删除翻译记忆',
  'translate.glossary.create': '添加术语',
  'translate.glossary.update': '修改术语',
  'translate.glossary.delete': '删除术语',
} as const satisfies Record<string, string>;

/** An action code the log knows by name. */
export type OperaLogAction = keyof typeof OPERA_LOG_ACTIONS;

/** The Chinese name of an action code; an unknown code is shown as "其他操作(code)". */
export function operaActionLabel(code: string): string {
  return Object.hasOwn(OPERA_LOG_ACTIONS, code) ? OPERA_LOG_ACTIONS[code as OperaLogAction] : `其他操作(${code})`;
}
