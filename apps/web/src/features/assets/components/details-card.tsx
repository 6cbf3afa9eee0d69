// The "Details" card of an asset: its fields as a list of label and value, leaving out the empty
// ones. The owner's view (asset-details-card.tsx) and the public page (public-asset-page.tsx) list
// different fields; the serial check link or QR code under the list is theirs too.
import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { i18n } from '@/lib/i18n/i18n';

/** A field's label and value; no value (null, undefined or '') leaves the field out. */
export type DetailRow = readonly [label: string, value: string | null | undefined];

export function DetailsCard({ rows, children }: { rows: DetailRow[]; children?: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{i18n._('Details')}</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="space-y-3">
          {rows
            .filter(([, value]) => value)
            .map(([label, value]) => (
              <div key={label}>
                <dt className="text-xs text-slate-500">{label}</dt>
                {/* pre-wrap: a description keeps the line breaks its owner typed. */}
                <dd className="whitespace-pre-wrap break-words text-sm text-slate-900">{value}</dd>
              </div>
            ))}
        </dl>
        {children}
      </CardContent>
    </Card>
  );
}
