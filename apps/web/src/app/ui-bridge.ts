import type { App } from 'antd';

type AppApi = ReturnType<typeof App.useApp>;

/**
 * antd's context-aware message and modal APIs (from `App.useApp`), made reachable from
 * non-React code such as the HTTP client. Set once by `UiBridge` inside the providers.
 */
export const ui: { message: AppApi['message'] | null; modal: AppApi['modal'] | null } = {
  message: null,
  modal: null,
};
