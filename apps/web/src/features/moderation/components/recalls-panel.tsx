// The recalls moderators stand behind: each product a moderator recalled, with its brand, when and
// why, until a moderator ends the recall (with a reason, logged). The business cannot end it; its
// product page shows this reason.
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { useKeysetPages } from '@/hooks/use-keyset-pages';
import { formatDate } from '@/lib/i18n/format';
import { i18n } from '@/lib/i18n/i18n';
import { useEndRecall, useStandingRecalls, type StandingRecall } from '../api/queues';
import { ActionDialog } from './action-dialog';
import { PagedPanel, stepBackIfEmptied } from './paged-panel';

export function RecallItem({ recall, onEnd }: { recall: StandingRecall; onEnd: () => void }) {
  return (
    <article className="space-y-1 rounded-md border border-slate-200 bg-white p-3 text-sm" data-testid="recall-item">
      <h3 className="font-medium break-words text-slate-900">{recall.name}</h3>
      <p className="text-slate-600">
        {[recall.brand, recall.gtin ? `GTIN ${recall.gtin}` : recall.sku ? `SKU ${recall.sku}` : null]
          .filter(Boolean)
          .join(' · ')}
      </p>
      <p className="break-words text-slate-800">
        {i18n._('Recalled on {date}: {reason}', { date: formatDate(recall.recalled_at), reason: recall.reason })}
      </p>
      <div className="pt-1">
        <Button variant="outline" size="sm" onClick={onEnd}>
          {i18n._('End the recall')}
        </Button>
      </div>
    </article>
  );
}

export function RecallsPanel() {
  // Pages by cursor (decision 0165).
  const pages = useKeysetPages();
  const [ending, setEnding] = useState<StandingRecall | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const recalls = useStandingRecalls(pages.after);
  const end = useEndRecall();

  return (
    <PagedPanel
      list={recalls}
      pages={pages}
      loadingLabel={i18n._('Loading the recalls...')}
      done={done}
      empty={
        <EmptyState
          title={i18n._('No standing recalls')}
          description={i18n._('Products a moderator recalls are listed here until a moderator ends the recall.')}
        />
      }
      itemKey={(recall) => recall.product_id}
      renderItem={(recall) => <RecallItem recall={recall} onEnd={() => setEnding(recall)} />}
      dialog={
        <ActionDialog
          action={ending ? 'lift_recall' : null}
          subject={ending ? `${ending.name} (${ending.brand})` : ''}
          onClose={() => setEnding(null)}
          onConfirm={async (reason) => {
            if (!ending) return;
            await end.mutateAsync({ productId: ending.product_id, reason });
            setDone(i18n._('Recall ended: {name}', { name: ending.name }));
            stepBackIfEmptied(pages, recalls.data);
          }}
        />
      }
    />
  );
}
