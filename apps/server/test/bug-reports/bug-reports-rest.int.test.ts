// The calls the /bug-reports screen makes, through the real server and supabase-js, on reports
// created by the submit-bug-report function: search and filters, pages by cursor (decision 0169),
// SQL counts, signed screenshot
// URLs, triage updates and delete (screenshot first, then the row).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, startTestServer, type TestServer } from '../helpers/test-server.js';
import { createTestUser, type TestUser } from '../helpers/users.js';

const JPEG_B64 =
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=';

describe.each(drivers)('bug reports through the APIs on %s', (driver) => {
  let server: TestServer;
  let admin: TestUser;
  let reporter: TestUser;
  let reportId: string;

  async function report(user: TestUser, errorMessage: string): Promise<string> {
    const res = await fetch(`${server.url}/functions/v1/submit-bug-report`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', apikey: server.anonKey, Authorization: `Bearer ${user.token}` },
      body: JSON.stringify({
        errorMessage,
        consoleLogs: '[t] [ERROR] boom',
        screenshotBase64: `data:image/jpeg;base64,${JPEG_B64}`,
        pageUrl: `${server.url}/wallet`,
        userAgent: 'test',
        metadata: {
          timestamp: new Date().toISOString(),
          viewport: { width: 800, height: 600 },
          userRole: 'standard',
          userId: user.id,
        },
      }),
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { id: string }).id;
  }

  beforeAll(async () => {
    server = await startTestServer({ driver });
    admin = await createTestUser(server, { role: 'admin' });
    reporter = await createTestUser(server, { email: `rita-${driver}@example.test`, metadata: { full_name: 'Rita' } });
    reportId = await report(reporter, 'Wallet balance is wrong');
    await report(reporter, 'Menu overlaps the logo');
    // Starting a server migrates a fresh database: slow on a loaded machine.
  }, 180_000);
  afterAll(() => server?.close());

  // The list's call: search (one or()), a status filter, and the cursor's bounds (a second or(),
  // ANDed with the first), newest first, one row more than the page.
  const listPage = (after: { k: string; id: string } | null, term = 'wallet', size = 20) => {
    let query = admin.client
      .from('bug_reports')
      .select('id, error_message, created_at')
      .or(`error_message.ilike.*${term}*,user_email.ilike.*${term}*,user_name.ilike.*${term}*,page_url.ilike.*nomatch*`)
      .eq('status', 'new');
    if (after)
      query = query.lte('created_at', after.k).or(`created_at.lt.${JSON.stringify(after.k)},id.lt.${after.id}`);
    return query
      .order('created_at', { ascending: false })
      .order('id', { ascending: false })
      .limit(size + 1);
  };

  it('searches and filters on the server', async () => {
    const { data, error } = await listPage(null);
    expect(error).toBeNull();
    expect(data).toEqual([expect.objectContaining({ id: reportId, error_message: 'Wallet balance is wrong' })]);
  });

  it('pages a search by cursor: the cursor and the search both hold', async () => {
    // Five more reports of one instant, three of them matching "tie": a page of two ends in the tie.
    await server.ctx.db.query(
      `insert into public.bug_reports (user_id, error_message, created_at)
       select $1, case when g <= 3 then 'Tie ' else 'Other ' end || g, timestamptz '2026-02-01' from generate_series(1, 5) g`,
      [reporter.id],
    );
    const walked: string[] = [];
    let after: { k: string; id: string } | null = null;
    for (let i = 0; i < 5; i++) {
      const { data, error } = await listPage(after, 'tie', 2);
      expect(error).toBeNull();
      const shown = data!.slice(0, 2);
      walked.push(...shown.map((r) => r.error_message));
      if (data!.length <= 2) break;
      after = { k: shown.at(-1)!.created_at, id: shown.at(-1)!.id };
    }
    expect(walked.sort()).toEqual(['Tie 1', 'Tie 2', 'Tie 3']);
    // The counts below are of the two reports sent through the function.
    await server.ctx.db.query(`delete from public.bug_reports where created_at = timestamptz '2026-02-01'`);
  });

  it('answers 400 to a malformed cursor', async () => {
    for (const after of [
      { k: 'not a time', id: '00000000-0000-4000-8000-000000000000' },
      { k: '2026-01-01T00:00:00Z', id: 'not-a-uuid' },
    ]) {
      const { status, error } = await listPage(after);
      expect(status).toBe(400);
      expect(error?.code).toMatch(/^22/);
    }
  });

  it('counts reports by status in SQL', async () => {
    const { data } = await admin.client.rpc('bug_report_status_counts');
    expect((data as Array<{ status: string; count: number }>).map((r) => [r.status, Number(r.count)])).toEqual([
      ['new', 2],
      ['triaged', 0],
      ['in_progress', 0],
      ['resolved', 0],
      ['wont_fix', 0],
    ]);
  });

  it('signs screenshot URLs for admins only', async () => {
    const { data: row } = await admin.client.from('bug_reports').select('screenshot_path').eq('id', reportId).single();
    const path = row!.screenshot_path as string;
    const signed = await admin.client.storage.from('bug-screenshots').createSignedUrl(path, 60);
    expect(signed.error).toBeNull();
    const image = await fetch(signed.data!.signedUrl);
    expect(image.status).toBe(200);
    expect(Buffer.from(await image.arrayBuffer()).equals(Buffer.from(JPEG_B64, 'base64'))).toBe(true);
    const byReporter = await reporter.client.storage.from('bug-screenshots').createSignedUrl(path, 60);
    expect(byReporter.error).not.toBeNull();
  });

  it('lets an admin triage, and not the reporter', async () => {
    const updated = await admin.client
      .from('bug_reports')
      .update({ status: 'in_progress', priority: 'critical', admin_notes: 'Looking' })
      .eq('id', reportId)
      .select('status, priority, admin_notes')
      .single();
    expect(updated.data).toEqual({ status: 'in_progress', priority: 'critical', admin_notes: 'Looking' });
    const byReporter = await reporter.client
      .from('bug_reports')
      .update({ status: 'resolved' })
      .eq('id', reportId)
      .select('id');
    expect(byReporter.data ?? []).toEqual([]);
  });

  it('deletes the screenshot and the report', async () => {
    const { data: row } = await admin.client.from('bug_reports').select('screenshot_path').eq('id', reportId).single();
    const path = row!.screenshot_path as string;
    const byReporter = await reporter.client.storage.from('bug-screenshots').remove([path]);
    expect(byReporter.data ?? []).toEqual([]);
    const removed = await admin.client.storage.from('bug-screenshots').remove([path]);
    expect(removed.error).toBeNull();
    expect(removed.data!.map((o) => o.name)).toEqual([path]);
    const deleted = await admin.client.from('bug_reports').delete().eq('id', reportId).select('id');
    expect(deleted.data).toEqual([{ id: reportId }]);
    const left = await server.ctx.db.query(
      `select 1 from storage.objects where bucket_id = 'bug-screenshots' and name = $1`,
      [path],
    );
    expect(left.rowCount).toBe(0);
  });
});
