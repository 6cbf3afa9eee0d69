// The analytics screen draws one bar per day, lists flagged units with their reason, and exports
// every table as CSV (spreadsheet formulas neutralised).
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ScanAnalytics } from '../api/analytics';
import { analyticsCsv, ScanAnalyticsView } from './scan-analytics-view';

const analytics: ScanAnalytics = {
  days: 3,
  total: 14,
  daily: [
    { day: '2026-11-23', count: 0 },
    { day: '2026-11-24', count: 2 },
    { day: '2026-11-25', count: 12 },
  ],
  products: [{ product_id: 'p1', name: 'Diver 300', gtin: '09506000134352', count: 14 }],
  top_units: [{ unit_id: 'u1', serial: 'SN-0007', product: 'Diver 300', status: 'active', count: 11 }],
  flagged: [
    { reason: 'many_scans', unit_id: 'u1', serial: 'SN-0007', product: 'Diver 300', status: 'active', count: 11 },
    { reason: 'never_issued', unit_id: null, serial: '=FAKE', product: 'Diver 300', status: null, count: 1 },
  ],
  shared_serials: [],
};

describe('ScanAnalyticsView', () => {
  it('shows the total, a bar per day and the flagged units with their reason', () => {
    render(<ScanAnalyticsView analytics={analytics} />);
    expect(screen.getByTestId('scan-total')).toHaveTextContent('14 scans in the last 3 days');
    expect(screen.getAllByTestId('scan-day-bar')).toHaveLength(3);
    const flagged = screen.getByRole('table', { name: 'Flagged units' });
    expect(flagged).toHaveTextContent('More than 10 different scanners today and yesterday (UTC)');
    expect(flagged).toHaveTextContent('Serial never issued');
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
    expect(screen.queryByTestId('shared-serials')).toBeNull();
  });

  it('lists the serials other brands also use, without scan counts', () => {
    render(
      <ScanAnalyticsView
        analytics={{ ...analytics, shared_serials: [{ serial: 'AC-0005', product: 'Diver 300', other_brands: 2 }] }}
      />,
    );
    const shared = screen.getByRole('table', { name: 'Serials other brands also use' });
    expect(shared).toHaveTextContent('AC-0005');
    expect(shared).toHaveTextContent('Diver 300');
    expect(shared).toHaveTextContent('2');
  });

  it('exports every section, with formula-like cells neutralised', () => {
    const lines = analyticsCsv(analytics).split('\r\n');
    expect(lines[0]).toBe('section,day_or_name,serial,detail,scans');
    expect(lines).toContain('day,2026-11-25,,,12');
    expect(lines).toContain('product,Diver 300,,09506000134352,14');
    expect(lines).toContain('top_unit,Diver 300,SN-0007,active,11');
    expect(lines).toContain("flagged,Diver 300,'=FAKE,never_issued,1");
  });

  it('neutralises cells that start with a tab or a carriage return, as the wallet export does', () => {
    const csv = analyticsCsv({
      ...analytics,
      products: [{ product_id: 'p2', name: '\t=cmd|calc', gtin: null, count: 1 }],
      flagged: [{ reason: 'never_issued', unit_id: null, serial: 'X', product: '\r=1+1', status: null, count: 1 }],
    });
    expect(csv).toContain("product,'\t=cmd|calc,,,1");
    expect(csv).toContain('flagged,"\'\r=1+1",X,never_issued,1');
  });
});
