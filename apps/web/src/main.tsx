import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { router } from './app/router';
import { addLog } from './stores/log-store';
import './styles/global.css';

// Uncaught UI errors land in the in-app log with type danger and are not shown (spec section 8).
window.addEventListener('error', (e) => addLog(`未捕获的错误: ${e.message}`, 'danger'));
window.addEventListener('unhandledrejection', (e) => {
  const reason = e.reason as { message?: string } | undefined;
  addLog(`未处理的异常: ${reason?.message ?? String(e.reason)}`, 'danger');
  e.preventDefault();
});

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
