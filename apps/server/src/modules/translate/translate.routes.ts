import { deletedData, nullData } from '@console/shared/schemas/common';
import {
  correctionPage,
  glossaryDeleteBody,
  glossaryEntry,
  glossarySaveBody,
  glossarySavedData,
  machineCheckBody,
  machineCheckData,
  memoryPage,
  mulTranslateBody,
  saveCorrectionBody,
  singleTranslateBody,
  translateEntryDeleteBody,
  translateMemoryQuery,
  translateStatus as translateStatusData,
  translateUsage,
  translateUsageQuery,
  translationData,
  translationsData,
} from '@console/shared/schemas/translate';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok } from '../../lib/envelope.js';
import { replies, zodApp } from '../../lib/route.js';
import { actorOf, authOf } from '../../plugins/auth.js';
import { closeProvider } from '../../translation/provider-factory.js';
import { glossaryDelete, glossaryList, glossarySave } from './glossary.service.js';
import {
  correctionDelete,
  correctionList,
  machineCheck,
  memoryDelete,
  memoryList,
  translateStatus,
} from './memory.service.js';
import { saveCorrection, translateTexts, usageOf } from './translate.service.js';

/** Texts that look like HTML go to the provider in HTML mode. */
const formatOf = (texts: string[]) => (texts.some((t) => /<\/?[a-zA-Z][^<>]*>/.test(t)) ? 'html' : 'text');

/** Translate calls (spec section 7), corrections, glossary and usage under /transfer. */
export async function translateRoutes(fastify: FastifyInstance) {
  const app = zodApp(fastify);
  const { deps } = fastify;
  const use = { access: 'goods.operate' as const };
  const admin = { access: 'role.companyOrPersonalAdmin' as const };
  fastify.addHook('onClose', async () => closeProvider(deps.config));

  app.post(
    '/transfer/mulObjGoogleTran',
    { schema: { body: mulTranslateBody, response: replies(translationsData) }, config: use },
    async (req) => {
      const { arr, to, from } = req.body;
      const r = await translateTexts(deps, authOf(req).tenantId, { texts: arr, to, from, format: formatOf(arr) });
      return ok(r.translations);
    },
  );

  app.post(
    '/transfer/googleTran',
    { schema: { body: singleTranslateBody, response: replies(translationData) }, config: use },
    async (req) => {
      const { word, to, from } = req.body;
      const r = await translateTexts(deps, authOf(req).tenantId, { texts: [word], to, from, format: formatOf([word]) });
      return ok(r.translations[0] ?? '');
    },
  );

  app.post(
    '/transfer/saveCorrection',
    { schema: { body: saveCorrectionBody, response: replies(nullData) }, config: use },
    async (req) => {
      await saveCorrection(deps, actorOf(req, authOf(req)), req.body);
      return ok(null, '译文已保存,下次翻译将使用该译文');
    },
  );

  app.get(
    '/transfer/glossary/list',
    { schema: { querystring: z.strictObject({}), response: replies(z.array(glossaryEntry)) }, config: use },
    async (req) => ok(await glossaryList(deps, authOf(req).tenantId)),
  );

  app.post(
    '/transfer/glossary/save',
    { schema: { body: glossarySaveBody, response: replies(glossarySavedData) }, config: admin },
    async (req) => ok(await glossarySave(deps, actorOf(req, authOf(req)), req.body), '保存成功'),
  );

  app.post(
    '/transfer/glossary/delete',
    { schema: { body: glossaryDeleteBody, response: replies(deletedData) }, config: admin },
    async (req) => {
      const deleted = await glossaryDelete(deps, actorOf(req, authOf(req)), req.body.ids);
      return ok({ deleted }, '删除成功');
    },
  );

  app.get(
    '/transfer/usage',
    { schema: { querystring: translateUsageQuery, response: replies(translateUsage) }, config: admin },
    async (req) => ok(await usageOf(deps, authOf(req).tenantId, req.query.days)),
  );

  app.get(
    '/transfer/status',
    { schema: { querystring: z.strictObject({}), response: replies(translateStatusData) }, config: use },
    async () => ok(translateStatus(deps)),
  );

  app.post(
    '/transfer/machineCheck',
    { schema: { body: machineCheckBody, response: replies(machineCheckData) }, config: use },
    async (req) => ok({ machine: await machineCheck(deps, authOf(req).tenantId, req.body.to, req.body.texts) }),
  );

  // Management screen (翻译术语与记忆): memory entries and corrections, admins only.
  app.get(
    '/transfer/memory/list',
    { schema: { querystring: translateMemoryQuery, response: replies(memoryPage) }, config: admin },
    async (req) => ok(await memoryList(deps, authOf(req).tenantId, req.query)),
  );

  app.post(
    '/transfer/memory/delete',
    { schema: { body: translateEntryDeleteBody, response: replies(deletedData) }, config: admin },
    async (req) => {
      const deleted = await memoryDelete(deps, actorOf(req, authOf(req)), req.body.ids);
      return ok({ deleted }, '删除成功');
    },
  );

  app.get(
    '/transfer/corrections/list',
    { schema: { querystring: translateMemoryQuery, response: replies(correctionPage) }, config: admin },
    async (req) => ok(await correctionList(deps, authOf(req).tenantId, req.query)),
  );

  app.post(
    '/transfer/corrections/delete',
    { schema: { body: translateEntryDeleteBody, response: replies(deletedData) }, config: admin },
    async (req) => {
      const deleted = await correctionDelete(deps, actorOf(req, authOf(req)), req.body.ids);
      return ok({ deleted }, '删除成功');
    },
  );
}
