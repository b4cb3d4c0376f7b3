/** The message of a stale save (ARCHITECTURE.md: concurrent edits use a version number). */
export const STALE_VERSION_MSG = '数据已被他人修改,请刷新后重试';
