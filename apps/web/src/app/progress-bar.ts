import NProgress from 'nprogress';
import 'nprogress/nprogress.css';

NProgress.configure({ showSpinner: false });

/** The top progress bar of navigations (no spinner); loaded by `root-shell.tsx` on the first navigation. */
export const progressBar = NProgress;
