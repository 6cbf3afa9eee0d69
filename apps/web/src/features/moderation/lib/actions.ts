// Which actions each queue offers, and their labels. The database checks the same pairs
// (moderator_act); this table only decides which buttons to show.
export type QueueName = 'products' | 'flagged' | 'assets' | 'contact' | 'bans';
export type ModerationAction =
  'dismiss' | 'hide_asset' | 'mark_counterfeit' | 'mark_recalled' | 'warn_user' | 'request_ban' | 'decline_ban';

export const QUEUES: { name: QueueName; label: string; adminOnly?: boolean }[] = [
  { name: 'products', label: /*i18n*/ 'Reported products' },
  { name: 'flagged', label: /*i18n*/ 'Flagged scans' },
  { name: 'assets', label: /*i18n*/ 'Reported public assets' },
  { name: 'contact', label: /*i18n*/ 'Contact abuse' },
  { name: 'bans', label: /*i18n*/ 'Ban requests', adminOnly: true },
];

/** What the log may record: the queues' actions, and a moderator ending a recall (moderator_set_product_status). */
export type LoggedAction = ModerationAction | 'lift_recall';

export const ACTION_LABELS: Record<LoggedAction | 'ban', string> = {
  dismiss: /*i18n*/ 'Dismiss',
  hide_asset: /*i18n*/ 'Hide asset',
  mark_counterfeit: /*i18n*/ 'Mark counterfeit',
  mark_recalled: /*i18n*/ 'Mark product recalled',
  lift_recall: /*i18n*/ 'End the recall',
  warn_user: /*i18n*/ 'Warn user',
  request_ban: /*i18n*/ 'Ask an admin to ban',
  decline_ban: /*i18n*/ 'Decline',
  ban: /*i18n*/ 'Ban user',
};

/** The actions offered on one item; mark_counterfeit needs a unit the report names. */
export function actionsFor(queue: QueueName, hasUnit = true): (ModerationAction | 'ban')[] {
  switch (queue) {
    case 'assets':
      return ['hide_asset', 'warn_user', 'request_ban', 'dismiss'];
    case 'products':
      return [
        ...(hasUnit ? (['mark_counterfeit'] as const) : []),
        'mark_recalled',
        'warn_user',
        'request_ban',
        'dismiss',
      ];
    case 'flagged':
      return ['mark_counterfeit', 'mark_recalled', 'warn_user', 'request_ban', 'dismiss'];
    case 'contact':
      return ['warn_user', 'request_ban', 'dismiss'];
    case 'bans':
      return ['ban', 'decline_ban'];
  }
}

/** Actions that change what visitors see or someone's account get the danger style. */
export function isDestructive(action: LoggedAction | 'ban'): boolean {
  return action === 'hide_asset' || action === 'mark_counterfeit' || action === 'mark_recalled' || action === 'ban';
}

export const REPORT_REASON_LABELS: Record<string, string> = {
  counterfeit: /*i18n*/ 'Suspected copy',
  stolen: /*i18n*/ 'Stolen',
  inappropriate: /*i18n*/ 'Offensive or inappropriate',
  scam: /*i18n*/ 'Scam or advert',
  personal_data: /*i18n*/ 'Personal data',
  other: /*i18n*/ 'Something else',
};
