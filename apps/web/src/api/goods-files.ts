import { API_PREFIX, CSRF_HEADER } from '@console/shared/constants/app';
import type { UploadedImage } from '@console/shared/schemas/goods';
import { ui } from '../app/ui-bridge';
import { addLog } from '../stores/log-store';
import { csrfToken } from './cookies';
import { ApiError, TOAST_SECONDS } from './http';

/** What the image upload answers (shared schema `uploadedImage`). */
export type { UploadedImage };

/** A file answer, or the JSON data when the server answered with an envelope instead. */
export type FileOrData<T> = { kind: 'file'; blob: Blob; fileName: string } | { kind: 'data'; data: T };

function fileNameOf(res: Response, fallback: string): string {
  const cd = res.headers.get('content-disposition') ?? '';
  const star = /filename\*=UTF-8''([^;]+)/i.exec(cd)?.[1];
  if (star) return decodeURIComponent(star);
  return /filename="?([^";]+)"?/i.exec(cd)?.[1] ?? fallback;
}

function failWith(msg: string, status: number, url: string, data: unknown = null): never {
  addLog(`数据请求异常: ${msg}`, 'danger', { url, detail: `status ${status}` });
  ui.message?.error({ content: msg, duration: TOAST_SECONDS });
  throw new ApiError(msg, status, data);
}

/** Reads a response that is either a file or the `{status,msg,data}` envelope. */
async function fileOrEnvelope<T>(res: Response, url: string, fallbackName: string): Promise<FileOrData<T>> {
  const type = res.headers.get('content-type') ?? '';
  if (res.ok && !type.includes('application/json')) {
    return { kind: 'file', blob: await res.blob(), fileName: fileNameOf(res, fallbackName) };
  }
  const env = (await res.json().catch(() => null)) as { status?: number; msg?: string; data?: T } | null;
  if (env?.status === 200) return { kind: 'data', data: env.data as T };
  return failWith(env?.msg || `HTTP ${res.status}`, env?.status ?? res.status, url, env?.data);
}

/** POST with a JSON body whose answer may be a file (zip, xlsx) or an envelope. */
export async function postForFile<T>(url: string, body: unknown, fallbackName: string): Promise<FileOrData<T>> {
  const res = await fetch(`${API_PREFIX}${url}`, {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json', [CSRF_HEADER]: csrfToken() },
    body: JSON.stringify(body),
  });
  return fileOrEnvelope<T>(res, url, fallbackName);
}

/** GET a file (export job download). */
export async function getFile(url: string, fallbackName: string): Promise<FileOrData<never>> {
  const res = await fetch(`${API_PREFIX}${url}`, { credentials: 'include' });
  return fileOrEnvelope<never>(res, url, fallbackName);
}

/** Saves a blob as a download in the browser. */
export function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/** Uploads one image (multipart field `file`). */
export async function uploadImage(file: File): Promise<UploadedImage> {
  const form = new FormData();
  form.append('file', file);
  const url = '/files/upload';
  const res = await fetch(`${API_PREFIX}${url}`, {
    method: 'POST',
    credentials: 'include',
    headers: { [CSRF_HEADER]: csrfToken() },
    body: form,
  });
  const env = (await res.json().catch(() => null)) as { status?: number; msg?: string; data?: UploadedImage } | null;
  if (env?.status === 200 && env.data) return env.data;
  return failWith(env?.msg || `HTTP ${res.status}`, env?.status ?? res.status, url);
}
