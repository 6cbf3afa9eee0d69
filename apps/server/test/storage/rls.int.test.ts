// RLS decides storage access through the API: with an owner-folder policy on one bucket, each
// role's upload, download, list, sign, move and remove is allowed or denied by the database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, storageMatrix, type TestServer } from '../helpers/test-server.js';
import { createTestUser, type TestUser } from '../helpers/users.js';

describe.each(storageMatrix)('storage RLS through the API on $driver with $storage storage', ({ driver, storage }) => {
  let server: TestServer;
  let alice: TestUser;
  let bob: TestUser;
  beforeAll(async () => {
    server = await startTestServer({ driver, storage });
    await server.ctx.db.exec(`
      insert into storage.buckets (id, name, public) values ('vault', 'vault', false);
      create policy "Owners read their folder" on storage.objects for select to authenticated
        using (bucket_id = 'vault' and (storage.foldername(name))[1] = auth.uid()::text);
      create policy "Owners upload into their folder" on storage.objects for insert to authenticated
        with check (bucket_id = 'vault' and (storage.foldername(name))[1] = auth.uid()::text);
      create policy "Owners update their folder" on storage.objects for update to authenticated
        using (bucket_id = 'vault' and (storage.foldername(name))[1] = auth.uid()::text);
      create policy "Owners delete in their folder" on storage.objects for delete to authenticated
        using (bucket_id = 'vault' and (storage.foldername(name))[1] = auth.uid()::text);
    `);
    alice = await createTestUser(server);
    bob = await createTestUser(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('lets the owner upload into their folder and records them as owner', async () => {
    const { data, error } = await alice.client.storage.from('vault').upload(`${alice.id}/secret.txt`, 'alice only');
    expect(error).toBeNull();
    const { rows } = await server.ctx.db.query<{ owner: string; owner_id: string }>(
      'select owner, owner_id from storage.objects where id = $1',
      [data!.id],
    );
    expect(rows[0]).toEqual({ owner: alice.id, owner_id: alice.id });
  });

  it("denies uploads into another user's folder, for anon, and at the root (HTTP 400, statusCode 403)", async () => {
    const other = await bob.client.storage.from('vault').upload(`${alice.id}/planted.txt`, 'x');
    expect(other.error).toMatchObject({
      status: 400,
      statusCode: '403',
      message: 'new row violates row-level security policy',
    });
    const anon = await server.anonClient().storage.from('vault').upload(`${alice.id}/anon.txt`, 'x');
    expect(anon.error).toMatchObject({ statusCode: '403' });
    const root = await alice.client.storage.from('vault').upload('root.txt', 'x');
    expect(root.error).toMatchObject({ statusCode: '403' });
    const { rows } = await server.ctx.db.query(
      `select name from storage.objects where bucket_id = 'vault' order by name`,
    );
    expect(rows).toEqual([{ name: `${alice.id}/secret.txt` }]);
  });

  it('lets only the owner (and the service role) download, list and sign', async () => {
    expect(await (await alice.client.storage.from('vault').download(`${alice.id}/secret.txt`)).data?.text()).toBe(
      'alice only',
    );
    expect((await bob.client.storage.from('vault').download(`${alice.id}/secret.txt`)).error).toMatchObject({
      status: 400,
    });
    expect((await server.anonClient().storage.from('vault').download(`${alice.id}/secret.txt`)).error).not.toBeNull();
    expect(
      await (await server.serviceClient().storage.from('vault').download(`${alice.id}/secret.txt`)).data?.text(),
    ).toBe('alice only');

    expect((await alice.client.storage.from('vault').list(alice.id)).data?.map((e) => e.name)).toEqual(['secret.txt']);
    expect((await bob.client.storage.from('vault').list(alice.id)).data).toEqual([]);
    expect((await bob.client.storage.from('vault').list()).data).toEqual([]);

    expect((await alice.client.storage.from('vault').createSignedUrl(`${alice.id}/secret.txt`, 60)).error).toBeNull();
    expect((await bob.client.storage.from('vault').createSignedUrl(`${alice.id}/secret.txt`, 60)).error).toMatchObject({
      statusCode: '404',
    });
    expect((await bob.client.storage.from('vault').exists(`${alice.id}/secret.txt`)).data).toBe(false);
  });

  it('issues signed upload URLs only to callers the insert policy allows', async () => {
    const mine = await bob.client.storage.from('vault').createSignedUploadUrl(`${bob.id}/via-url.txt`);
    expect(mine.error).toBeNull();
    const up = await server
      .anonClient()
      .storage.from('vault')
      .uploadToSignedUrl(`${bob.id}/via-url.txt`, mine.data!.token, 'bob via url');
    expect(up.error).toBeNull();
    const { rows } = await server.ctx.db.query<{ owner_id: string }>(
      `select owner_id from storage.objects where name = $1`,
      [`${bob.id}/via-url.txt`],
    );
    expect(rows[0]?.owner_id).toBe(bob.id);
    const theirs = await bob.client.storage.from('vault').createSignedUploadUrl(`${alice.id}/via-url.txt`);
    expect(theirs.error).toMatchObject({ statusCode: '403' });
  });

  it('does not let another user overwrite, move or remove the object', async () => {
    const overwrite = await bob.client.storage
      .from('vault')
      .upload(`${alice.id}/secret.txt`, 'bob was here', { upsert: true });
    expect(overwrite.error).toMatchObject({ statusCode: '403' });
    const move = await bob.client.storage.from('vault').move(`${alice.id}/secret.txt`, `${bob.id}/stolen.txt`);
    expect(move.error).toMatchObject({ statusCode: '404' });
    const removed = await bob.client.storage.from('vault').remove([`${alice.id}/secret.txt`]);
    expect(removed.data).toEqual([]);
    expect(await (await alice.client.storage.from('vault').download(`${alice.id}/secret.txt`)).data?.text()).toBe(
      'alice only',
    );
  });

  it('lets the owner overwrite, move within their folder and remove', async () => {
    expect(
      (await alice.client.storage.from('vault').upload(`${alice.id}/secret.txt`, 'v2', { upsert: true })).error,
    ).toBeNull();
    expect(
      (await alice.client.storage.from('vault').move(`${alice.id}/secret.txt`, `${alice.id}/moved.txt`)).error,
    ).toBeNull();
    const outside = await alice.client.storage.from('vault').move(`${alice.id}/moved.txt`, `${bob.id}/gift.txt`);
    expect(outside.error).toMatchObject({ statusCode: '403' });
    const { data } = await alice.client.storage.from('vault').remove([`${alice.id}/moved.txt`]);
    expect(data?.map((r) => r.name)).toEqual([`${alice.id}/moved.txt`]);
  });

  it('removes the stored bytes when the row is refused after the upload', async () => {
    // This policy can only judge the finished upload (its size): the trial write before the
    // bytes arrive passes, the real insert after them is refused, and the bytes must go.
    await server.ctx.db.exec(`
      insert into storage.buckets (id, name) values ('tiny', 'tiny');
      create policy "Users upload only tiny files" on storage.objects for insert to authenticated
        with check (bucket_id = 'tiny' and coalesce((metadata->>'size')::int, 0) < 5);
    `);
    const count = () => server.storedObjects().length;
    const before = count();
    const { error } = await alice.client.storage.from('tiny').upload('big.txt', '0123456789');
    expect(error).toMatchObject({ statusCode: '403' });
    expect(count()).toBe(before);
    expect((await alice.client.storage.from('tiny').upload('ok.txt', '0123')).error).toBeNull();
    expect(count()).toBe(before + 1);
  });

  it('lets the service role bypass the policies', async () => {
    const svc = server.serviceClient();
    expect((await svc.storage.from('vault').upload('admin/any.txt', 'svc')).error).toBeNull();
    expect((await svc.storage.from('vault').remove([`${bob.id}/via-url.txt`])).data).toHaveLength(1);
  });
});
