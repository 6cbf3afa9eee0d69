// The media limits the web app checks early and the server checks for real come from one place
// (@tagledger/functions-api); the database holds the same numbers in its seed data (the video price
// tiers and the asset-media bucket). A change on one side without the other fails here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_MEDIA_BYTES, MAX_VIDEO_SECONDS } from '@tagledger/functions-api';
import { drivers, openTestDb, type TestDb } from '@tagledger/db/testing';

describe.each(drivers)('media limits agree with the database on %s', (driver) => {
  let t: TestDb;

  beforeAll(async () => {
    t = await openTestDb(driver);
  });
  afterAll(async () => {
    await t.close();
  });

  it('the longest priced video is MAX_VIDEO_SECONDS', async () => {
    const { rows } = await t.db.query<{ max: number }>(
      'select max(max_seconds)::int as max from public.asset_video_pricing',
    );
    expect(rows[0]?.max).toBe(MAX_VIDEO_SECONDS);
  });

  it('the asset-media bucket takes files up to the video limit', async () => {
    const { rows } = await t.db.query<{ limit: string }>(
      `select file_size_limit::text as limit from storage.buckets where id = 'asset-media'`,
    );
    expect(Number(rows[0]?.limit)).toBe(MAX_MEDIA_BYTES.video);
  });
});
