// The inheritance folder holds the server side of the product's "legacy" feature (what a user leaves
// to heirs: the switch, next of kin, early requests, transfers); the folder is not named legacy so that
// it does not read as old code. The product, its tables (legacy_*) and its job names keep the word.
// Wires the legacy journey into the app: its jobs on the durable queue, and a prompt mail run after
// a user's legacy or transfer call (invite, answer, switch change, early request, transfer) so its confirmation goes out
// at once rather than at the next minute's sweep.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../shared/context.js';
import { MAIL_JOB, registerLegacyJobs } from './jobs.js';

/** The calls that log a step with a mail (reads such as legacy_invitation or legacy_named_me do not). */
const LEGACY_RPC =
  /^\/rest\/v1\/rpc\/(legacy_(set_switch|invite|answer_invite|request_early_access|refuse_request)|offer_asset_transfer|accept_asset_transfer)(\?|$)/;

/** Installed on the root instance (not as an encapsulated plugin) so the hook sees /rest/v1 calls. */
export async function installInheritance(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await registerLegacyJobs(ctx);
  app.addHook('onResponse', async (req, reply) => {
    if (reply.statusCode < 300 && req.method === 'POST' && LEGACY_RPC.test(req.url)) {
      await ctx.jobs.send(MAIL_JOB, {}).catch((err) => req.log.error({ err }, 'could not queue legacy mails'));
    }
  });
}
