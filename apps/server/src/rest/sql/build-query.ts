// buildQuery(): ActionPlan → the one statement a request runs (text + bound parameters). Pure.
import type { ActionPlan } from '../plan/types.js';
import { qualified } from './fragment.js';
import { readQuery, type BodyOptions, type BuiltQuery } from './query-builder.js';
import { callQuery, deleteQuery, insertQuery, updateQuery } from './statements.js';

export function buildQuery(ap: ActionPlan): BuiltQuery {
  const { plan, output } = ap;
  // CSV only for a body that is sent: a Location header is built from the JSON rows.
  const body: BodyOptions = {
    singular: output.accept.media === 'object',
    stripNulls: output.accept.stripNulls,
    csv: output.accept.media === 'csv' && output.wantBody,
  };
  switch (plan.kind) {
    case 'read': {
      const source = qualified(plan.root.table.schema, plan.root.table.name);
      return readQuery(plan.root, source, { ...body, count: plan.count, ...ap.range });
    }
    case 'insert':
      return insertQuery(plan, body);
    case 'update':
      return updateQuery(plan, body);
    case 'delete':
      return deleteQuery(plan, body);
    case 'call':
      return callQuery(plan, { ...body, ...ap.range });
  }
}
