import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

/** A titled card used for each block of the Profile and Settings screens. */
export function SectionCard(props: { title: string; description?: ReactNode; children: ReactNode; tone?: 'danger' }) {
  return (
    <Card className={props.tone === 'danger' ? 'border-red-200' : undefined}>
      <CardHeader>
        <CardTitle className={props.tone === 'danger' ? 'text-red-800' : undefined}>{props.title}</CardTitle>
        {props.description ? <p className="mt-1 text-sm text-slate-600">{props.description}</p> : null}
      </CardHeader>
      <CardContent>{props.children}</CardContent>
    </Card>
  );
}
