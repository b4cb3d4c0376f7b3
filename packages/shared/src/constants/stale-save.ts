/** The message of a stale save (ARCHITECTURE.md: concurrent edits use a version number). */
export const STALE_VERSION_MSG = '数据已被他人修改,请刷新后重试';

/**
 * `data.code` of a refused stale save. A stale save answers status 409 with
 * `{status: 409, msg: STALE_VERSION_MSG, data: {code: STALE_SAVE_CODE, version?}}`; clients
 * recognise it by this code (never by the message text), other 409s carry no such code.
 * Plain constants apart from the zod schema (`schemas/stale-save.ts`), so that the messages
 * of `validation/rules.ts` do not load zod into the web app's sign-in screen.
 */
export const STALE_SAVE_CODE = 'STALE_VERSION';
