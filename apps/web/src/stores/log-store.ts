import { create } from 'zustand';
import { formatDateTime } from '../lib/format';

/** Log entry types (spec section 3 "Log entry"). */
export type LogType = 'success' | 'warning' | 'info' | 'danger';

/** One in-app log entry: message, type, time, meta {user, uuid, token, url}. */
export interface LogEntry {
  message: string;
  type: LogType;
  time: string;
  meta: { user: string; uuid: string; token: string; url: string; detail?: string };
}

interface LogState {
  list: LogEntry[];
  push: (entry: { message: string; type?: LogType; meta?: Partial<LogEntry['meta']> }) => void;
  clear: () => void;
}

/** Where the log gets the user and session facts from (set by the session store, avoids an import cycle). */
export const logContext = {
  user: () => '',
  uuid: () => '',
};

/** Masks the CSRF token: enough to correlate entries, never the value itself. */
export function maskToken(value: string): string {
  return value ? `${value.slice(0, 6)}…` : '';
}

const MAX_ENTRIES = 500;

/** The in-app debug log shown at `/log` (memory only; cleared by a reload). */
export const useLogStore = create<LogState>((set) => ({
  list: [],
  push: ({ message, type = 'info', meta }) =>
    set((s) => {
      const entry: LogEntry = {
        message,
        type,
        time: formatDateTime(new Date()),
        meta: {
          user: logContext.user(),
          uuid: maskToken(logContext.uuid()),
          // The access token is HttpOnly: the client never sees it and never logs it.
          token: '',
          url: typeof location === 'undefined' ? '' : location.href,
          ...meta,
        },
      };
      return { list: [entry, ...s.list].slice(0, MAX_ENTRIES) };
    }),
  clear: () => set({ list: [] }),
}));

/** Adds a log entry from anywhere (non-React code included). */
export function addLog(message: string, type: LogType = 'info', meta?: Partial<LogEntry['meta']>): void {
  useLogStore.getState().push({ message, type, ...(meta ? { meta } : {}) });
}
