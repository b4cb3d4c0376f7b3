import { Typography } from 'antd';
import type { ReactNode } from 'react';

/** Title of the explanation shown when no translation provider is configured. */
export const NOT_CONFIGURED_TITLE = '未配置翻译服务';

/**
 * Why translation is unavailable, before any dialog opens (docs/translation.md). Admins of the
 * console learn what to set and where; everybody else is told to ask their administrator.
 */
export function notConfiguredHelp(isAdmin: boolean): ReactNode {
  if (!isAdmin)
    return (
      <div data-testid="translate-help">
        <p>一键翻译和字段翻译需要管理员先为控制台开通机器翻译服务,目前还没有开通。</p>
        <p>请联系您的管理员(主账号)开通;开通前您仍可以手工填写各语言的内容。</p>
      </div>
    );
  return (
    <div data-testid="translate-help">
      <p>
        一键翻译通过机器翻译服务(谷歌翻译、DeepL、LibreTranslate 或兼容 OpenAI
        接口的大模型)完成,目前运行控制台的服务器还没有配置翻译服务。
      </p>
      <p>开通方法(由部署控制台的技术人员在服务器上操作):</p>
      <ol>
        <li>
          在服务器的环境变量中设置 <Typography.Text code>TRANSLATE_PROVIDER</Typography.Text>
          :google、deepl、libretranslate 或 openai;
        </li>
        <li>
          设置 <Typography.Text code>TRANSLATE_API_KEY</Typography.Text>:在翻译服务商处申请的密钥(自建 LibreTranslate
          可留空,另设 <Typography.Text code>TRANSLATE_BASE_URL</Typography.Text>);
        </li>
        <li>重启控制台服务后即可使用。详细说明见部署文档 docs/translation.md。</li>
      </ol>
      <p>如果控制台由服务商托管,请联系服务商开通翻译服务。</p>
    </div>
  );
}
