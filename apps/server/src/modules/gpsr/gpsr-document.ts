import { randomUUID } from 'node:crypto';
import { GPSR_DOC_TYPES_MSG, GPSR_MAX_DOC_BYTES } from '@console/shared/schemas/gpsr';
import sharp from 'sharp';
import type { Actor, AppDeps } from '../../context.js';
import { badRequest } from '../../lib/app-error.js';
import type { FileStorage } from '../files/file-storage.js';
import { fileUrl } from '../files/images.service.js';
import { audit } from '../system/audit.js';

/** The document's format from its bytes (never from its name or the client's type): PDF, JPEG or PNG. */
async function sniff(data: Buffer): Promise<'pdf' | 'jpg' | 'png' | undefined> {
  if (data.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  try {
    const meta = await sharp(data).metadata();
    if (meta.format === 'jpeg' && meta.width && meta.height) return 'jpg';
    if (meta.format === 'png' && meta.width && meta.height) return 'png';
  } catch {
    return undefined;
  }
  return undefined;
}

/** A document name as shown: the uploaded file's base name, without control characters, at most 200 characters. */
export function documentName(name: string | undefined, ext: string): string {
  const printable = [...(name ?? '')].filter((c) => c.charCodeAt(0) >= 32 && c.charCodeAt(0) !== 127).join('');
  const clean = printable.replace(/^.*[\\/]/, '').trim();
  return (clean || `document.${ext}`).slice(0, 200);
}

/**
 * Stores a GPSR document of the actor's tenant (PDF, JPEG or PNG up to 10 MB) in the file store
 * beside the product images (`t<tenant>/YYYY/MM/<uuid>.<ext>`, served by `/PDD/files/*` to the
 * tenant and by a signed public link to Amazon) and logs the upload.
 */
export async function storeGpsrDocument(
  deps: AppDeps,
  storage: FileStorage,
  actor: Actor,
  data: Buffer,
  fileName: string | undefined,
) {
  if (data.length > GPSR_MAX_DOC_BYTES) throw badRequest('文件不能超过 10MB');
  if (data.length === 0) throw badRequest('文件为空');
  const ext = await sniff(data);
  if (!ext) throw badRequest(GPSR_DOC_TYPES_MSG);
  const now = new Date();
  const key = `t${actor.tenantId}/${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${randomUUID()}.${ext}`;
  await storage.put(key, data);
  const doc = { url: fileUrl(key), name: documentName(fileName, ext), size: data.length };
  await deps.db
    .transaction()
    .execute((trx) =>
      audit(trx, actor, { action: 'gpsr.document', targetType: 'file', targetId: doc.url, after: { name: doc.name } }),
    );
  return doc;
}
