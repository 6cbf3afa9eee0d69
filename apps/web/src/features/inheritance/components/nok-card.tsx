// One person on the owner's next-of-kin list: name, relationship and invitation status in the reader's
// language (lib/labels/nok.ts), how to reach them, what they receive, and the actions on them.
import { Mail, Phone, Star } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button, type ButtonProps } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { i18n } from '@/lib/i18n/i18n';
import { nokStatusLabel, relationshipLabel } from '@/lib/labels/nok';
import type { NextOfKin } from '../api/next-of-kin';

export interface NokCardProps {
  k: NextOfKin;
  /** What they receive, already worded (kinds and asset titles). */
  receives: string;
  inviting: boolean;
  onEdit(): void;
  onInvite(): void;
  onRemove(): void;
}

/**
 * The card's small buttons. The list shows several people's cards, each with an Edit and a Remove, so
 * every action must have an accessible name that says whom it is for ("Edit Ada Obi").
 */
function CardAction({
  text,
  ...rest
}: Omit<ButtonProps, 'size' | 'children'> & { text: string; 'aria-label': string }) {
  return (
    <Button size="sm" {...rest}>
      {text}
    </Button>
  );
}

export function NokCard({ k, receives, inviting, onEdit, onInvite, onRemove }: NokCardProps) {
  const person = { full_name: k.full_name };
  const invited = k.status !== 'not_invited';
  return (
    <Card className="h-full">
      <CardContent className="space-y-2">
        <div className="flex items-start justify-between gap-2">
          <div>
            <p className="font-semibold text-slate-900">{k.full_name}</p>
            <p className="text-sm text-slate-600">{relationshipLabel(k.relationship)}</p>
          </div>
          <Badge tone={k.status === 'accepted' ? 'success' : 'neutral'}>{nokStatusLabel(k.status)}</Badge>
          {k.is_primary ? (
            <Badge tone="info">
              <Star className="mr-1 h-3 w-3" aria-hidden="true" /> {i18n._('Primary')}
            </Badge>
          ) : null}
        </div>
        {k.email ? (
          <p className="flex items-center gap-2 text-sm text-slate-800">
            <Mail className="h-4 w-4 text-slate-500" aria-hidden="true" />
            <a href={`mailto:${k.email}`} className="underline">
              {k.email}
            </a>
          </p>
        ) : null}
        {k.phone ? (
          <p className="flex items-center gap-2 text-sm text-slate-800">
            <Phone className="h-4 w-4 text-slate-500" aria-hidden="true" /> {k.phone}
          </p>
        ) : null}
        {k.notes ? <p className="whitespace-pre-line text-sm text-slate-700">{k.notes}</p> : null}
        <p className="text-sm text-slate-700">
          {i18n._('Receives:')} {receives} {i18n._('· Access:')}{' '}
          {k.access_level === 'inherit' ? i18n._('inherit') : i18n._('view')}
        </p>
        <div className="flex gap-2 pt-2">
          <CardAction
            variant="outline"
            onClick={onEdit}
            aria-label={i18n._('Edit {full_name}', person)}
            text={i18n._('Edit')}
          />
          {k.email && k.status !== 'accepted' ? (
            <CardAction
              variant="outline"
              loading={inviting}
              onClick={onInvite}
              aria-label={
                invited ? i18n._('Resend invitation to {full_name}', person) : i18n._('Invite {full_name}', person)
              }
              text={invited ? i18n._('Resend') : i18n._('Invite')}
            />
          ) : null}
          <CardAction
            variant="ghost"
            onClick={onRemove}
            aria-label={i18n._('Remove {full_name}', person)}
            text={i18n._('Remove')}
          />
        </div>
      </CardContent>
    </Card>
  );
}
