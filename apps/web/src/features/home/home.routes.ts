import { defineSection, screen } from '../../app/route-section';

/** The root section: home page, messages, helpers (spec section 2). */
export const routes = defineSection('', [
  [
    'index',
    '首页',
    {
      load: screen(
        () => import('./home/home-page'),
        (m) => m.HomePage,
      ),
      name: 'index',
    },
  ],
  [
    'index/message-send',
    '消息记录',
    {
      load: screen(
        () => import('./message-send/message-send-page'),
        (m) => m.MessageSendPage,
      ),
      name: 'system-message-user',
    },
  ],
  [
    'index/down-gather',
    '采集插件下载',
    {
      permission: 'goods.operate',
      load: screen(
        () => import('./down-gather/down-gather-page'),
        (m) => m.DownGatherPage,
      ),
    },
  ],
  [
    'index/problem_package',
    '问题件',
    {
      permission: 'logistics.problem',
      load: screen(
        () => import('./problem-package/problem-package-page'),
        (m) => m.ProblemPackagePage,
      ),
    },
  ],
  [
    'index/gpsr',
    'GPSR提交助手',
    {
      permission: 'goods.operate',
      load: screen(
        () => import('./gpsr/gpsr-page'),
        (m) => m.GpsrPage,
      ),
    },
  ],
  [
    'log',
    '前端日志',
    {
      load: screen(
        () => import('./debug-log/debug-log-page'),
        (m) => m.DebugLogPage,
      ),
      name: 'log',
    },
  ],
  [
    'refresh',
    '刷新',
    {
      load: screen(
        () => import('../helpers/refresh-page'),
        (m) => m.RefreshPage,
      ),
      hidden: true,
      cache: false,
    },
  ],
  [
    'redirect/*',
    '重定向',
    {
      load: screen(
        () => import('../helpers/redirect-page'),
        (m) => m.RedirectPage,
      ),
      hidden: true,
      cache: false,
      name: 'redirect',
    },
  ],
]);
