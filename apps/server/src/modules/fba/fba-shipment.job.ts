import type { FbaShipmentStatus, FbaShipmentStep } from '@console/shared/schemas/fba-shipment';
import { z } from 'zod';
import type { AppDeps } from '../../context.js';
import { AppError } from '../../lib/app-error.js';
import { defineJob, requireJob } from '../../lib/server-module.js';
import type { SpApiClient } from '../../marketplace/sp-api.client.js';
import { SpApiError } from '../../marketplace/sp-api.errors.js';
import { InboundOperationFailed, InboundOperationPending } from '../../marketplace/sp-api.inbound.js';
import { openShop } from '../shop/shop-client.js';
import { failureSummary } from './fba-shipment.problems.js';
import { findShipment, itemsOf, setShipment } from './fba-shipment.repository.js';
import { WORKFLOW, type Workflow } from './fba-shipment.steps.js';
import type { FbaStepState } from './fba-shipment.tables.js';
import { AwaitChoice } from './fba-shipment-options.js';

export const fbaShipmentPayload = z.object({ id: z.number().int().positive() });

/** The status a shipment shows while a step runs. */
const STATUS_OF: Record<FbaShipmentStep, FbaShipmentStatus> = {
  plan: 'planning',
  packing_options: 'packing',
  packing_information: 'packing',
  placement: 'placement',
  transport: 'transport',
  labels: 'transport',
};

/**
 * 头程发货's workflow (docs/fba.md): create plan → packing options → packing information →
 * placement (the seller's or the recommended option confirmed, its split recorded) →
 * transportation (likewise, per shipment) → labels, each
 * asynchronous operation followed with the client's follower. Steps already done are skipped,
 * so starting a failed shipment again resumes where it stopped. A failure ends in `failed`
 * with Amazon's problems and a Chinese summary; the job itself then ends done (no retry
 * that could create a second plan).
 */
export const fbaShipmentJob = defineJob<z.infer<typeof fbaShipmentPayload>, { status: string }>({
  kind: 'fba-shipment',
  payload: fbaShipmentPayload,
  access: 'fba.use',
  concurrency: 4,
  failMessage: '头程发货计划失败,请重试',
  async run(ctx, p) {
    const job = requireJob(ctx);
    const status = await runWorkflow(ctx.deps, job.tenantId, p.id);
    await ctx.progress.done({ status });
  },
});

/** Runs the steps not yet done; answers the status the shipment ended in. */
export async function runWorkflow(deps: AppDeps, tenantId: number, id: number): Promise<FbaShipmentStatus> {
  const row = await findShipment(deps.db, tenantId, id);
  if (!row || !['planning', 'packing', 'placement', 'transport'].includes(row.status)) return row?.status ?? 'draft';
  const steps: Record<string, FbaStepState> = { ...row.steps };
  let current: FbaShipmentStep = 'plan';
  const save = (status: FbaShipmentStatus, more: Parameters<typeof setShipment>[2] = {}) =>
    setShipment(deps.db, id, { status, steps: JSON.stringify(steps), ...more });
  try {
    const { client } = await openShop(deps, tenantId, row.shop_id);
    const w: Workflow = {
      deps,
      client: client as SpApiClient,
      row: { ...row, id: Number(row.id) },
      items: await itemsOf(deps.db, [Number(row.id)]),
      steps,
      planId: row.inbound_plan_id,
      remember: async (more) => save(STATUS_OF[current], more),
    };
    for (const [name, run] of WORKFLOW) {
      if (steps[name]?.state === 'done') continue;
      current = name;
      steps[name] = { ...steps[name], state: 'running', at: Date.now() };
      await save(STATUS_OF[name]);
      const data = await run(w);
      steps[name] = { ...steps[name], state: 'done', at: Date.now(), ...(data !== undefined ? { data } : {}) };
      await save(STATUS_OF[name]);
    }
    await save('labels_ready');
    return 'labels_ready';
  } catch (err) {
    // The seller chooses (待选择分仓 / 待选择承运): the step stays running, the job ends; the choice enqueues it again.
    if (err instanceof AwaitChoice) {
      await save(err.status);
      return err.status;
    }
    const problems =
      err instanceof InboundOperationFailed
        ? err.problems.map((p) => ({
            code: p.code,
            message: p.message,
            severity: p.severity,
            ...(p.details ? { details: p.details } : {}),
          }))
        : [];
    // A step Amazon is still working on keeps its operation id: starting again follows it.
    steps[current] = { ...steps[current], state: 'failed', at: Date.now() };
    const error =
      err instanceof InboundOperationFailed
        ? failureSummary(current, problems)
        : err instanceof SpApiError || err instanceof InboundOperationPending || err instanceof AppError
          ? `${failureSummary(current, [])}:${err.message}`
          : `${failureSummary(current, [])}:${err instanceof Error && /[\u4e00-\u9fff]/.test(err.message) ? err.message : '系统错误,请重试'}`;
    await save('failed', { failed_step: current, problems: JSON.stringify(problems), error });
    // A bug (not Amazon's answer) also fails the job row, so it shows in the job list; a retry
    // finds the shipment failed and does nothing.
    const known = [InboundOperationFailed, SpApiError, InboundOperationPending, AppError].some((k) => err instanceof k);
    if (!known && !(err instanceof Error && /[\u4e00-\u9fff]/.test(err.message))) throw err;
    return 'failed';
  }
}
