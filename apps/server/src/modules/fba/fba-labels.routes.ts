import { fnskuLabelsBody } from '@console/shared/schemas/fba-labels';
import type { FastifyInstance } from 'fastify';
import { renderFnskuLabels } from '../../labels/fnsku-labels.js';
import { RenderGate } from '../../labels/render-gate.js';
import { AppError } from '../../lib/app-error.js';
import { fileReplies, zodApp } from '../../lib/route.js';

/** Two label PDFs drawn at once per process, eight more waiting; past that 429. */
const gate = new RenderGate(2, 8);

/**
 * FNSKU item labels of any items as one PDF (issue 30 §3, docs/labels.md). Prints, stores
 * nothing (no audit line). Drawn in slices of a few ms, so other requests are answered meanwhile.
 */
export async function fbaLabelRoutes(fastify: FastifyInstance) {
  const app = zodApp(fastify);
  app.post(
    '/fba/labels/fnsku',
    { schema: { body: fnskuLabelsBody, response: fileReplies(['application/pdf']) }, config: { access: 'fba.use' } },
    async (req, reply) => {
      const { items, layout, skip } = req.body;
      const pdf = await gate.run(() => renderFnskuLabels(items, layout, { skip }));
      if (!pdf) throw new AppError(429, '正在生成的标签较多,请稍后再试');
      const count = items.reduce((s, i) => s + i.quantity, 0);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="fnsku-${layout}-${count}.pdf"`)
        .send(pdf);
    },
  );
}
