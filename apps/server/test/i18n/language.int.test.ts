// Issue 17: the server writes to each user in their language (user_settings.language, set from the
// sign-up metadata and changed in the app): auth mail, certificates, relayed messages. English stays
// as it was for everyone else.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPdfText } from '../helpers/pdf-read.js';
import { startMailSink, type MailSink } from '@tagledger/test-kit/mail-sink';
import { drivers, startTestServer, type TestServer } from '../helpers/test-server.js';
import { createTestUser } from '../helpers/users.js';
import { postFunction } from '../helpers/functions.js';

describe.each(drivers)('user language on %s', (driver) => {
  let sink: MailSink;
  let server: TestServer;
  beforeAll(async () => {
    sink = await startMailSink();
    server = await startTestServer({ driver, env: { SMTP_URL: sink.smtpUrl, RATE_LIMITS: 'off' } });
  });
  afterAll(async () => {
    await server?.close();
    await sink?.close();
  });

  const email = (tag: string) => `${tag}-${crypto.randomUUID().slice(0, 8)}-${driver}@example.test`;

  it('sends the sign-up confirmation in the language the visitor signed up in', async () => {
    const french = email('fr-signup');
    const english = email('en-signup');
    const client = server.anonClient();
    await client.auth.signUp({ email: french, password: 'a-long-pass-123', options: { data: { language: 'fr' } } });
    await client.auth.signUp({ email: english, password: 'a-long-pass-123' });
    const fr = await sink.nextMail(french);
    expect(fr.subject).toBe('Confirmez votre compte TagLedger');
    expect(fr.text).toContain('Confirmez votre adresse e-mail pour activer votre compte.');
    expect(fr.text).toMatch(/Votre code : \d{6}/);
    expect(fr.html).toContain('lang="fr"');
    const en = await sink.nextMail(english);
    expect(en.subject).toBe('Confirm your TagLedger account');
    expect(en.text).toMatch(/Your code: \d{6}/);
  });

  it('follows a language changed later in the app, for password recovery', async () => {
    const address = email('switch');
    const user = await createTestUser(server, { email: address });
    const { error } = await user.client.from('user_settings').update({ language: 'fr' }).eq('user_id', user.id);
    expect(error).toBeNull();
    await server.anonClient().auth.resetPasswordForEmail(address);
    const mail = await sink.nextMail(address);
    expect(mail.subject).toBe('Réinitialisez votre mot de passe TagLedger');
    expect(mail.text).toContain('Choisir un nouveau mot de passe :');
  });

  it('refuses a language the product does not speak', async () => {
    const user = await createTestUser(server, {});
    const { error } = await user.client.from('user_settings').update({ language: 'de' }).eq('user_id', user.id);
    expect(error?.code).toBe('23514');
  });

  it("prints the certificate in its owner's language", async () => {
    const owner = await createTestUser(server, { metadata: { language: 'fr' } });
    await server.ctx.db.query(`select private.ledger_post($1, 5000, 'admin_adjustment', 'test credit')`, [owner.id]);
    const call = async (name: string, body: unknown) =>
      fetch(`${server.url}/functions/v1/${name}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', apikey: server.anonKey, Authorization: `Bearer ${owner.token}` },
        body: JSON.stringify(body),
      });
    const registered = await call('register-asset', {
      submissionId: crypto.randomUUID(),
      asset: {
        kind: 'general',
        title: 'Vélo de course',
        serial_number: 'FR-123',
        estimated_value: 1234.5,
        currency: 'EUR',
      },
      media: [],
    });
    expect(registered.status).toBe(200);
    const { asset_id: assetId } = (await registered.json()) as { asset_id: string };
    const res = await call('asset-certificate', { assetId });
    expect(res.status).toBe(200);
    const text = (await readPdfText(new Uint8Array(await res.arrayBuffer()))).map((p) => p.text).join(' ');
    expect(text).toContain('Certificat d’enregistrement');
    expect(text).toContain('Numéro de série');
    expect(text).toContain('Vélo de course');
    expect(text).toMatch(/1\s234,50 EUR/);
    expect(text).toMatch(
      /Délivré le \d{1,2} (janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre) \d{4}/,
    );
    expect(text).not.toContain('Certificate of Registration');
  });

  it('relays a visitor’s message in the owner’s language and brings the reply back in the visitor’s', async () => {
    const owner = await createTestUser(server, { email: email('proprietaire'), metadata: { language: 'fr' } });
    const { rows } = await server.ctx.db.query<{ id: string }>(
      `insert into public.assets (owner_id, submission_id, kind, title, serial_number)
       values ($1, gen_random_uuid(), 'general', 'Appareil photo', $2) returning id`,
      [owner.id, `CAM-${crypto.randomUUID().slice(0, 6)}`],
    );
    const visitor = email('visitor');
    const call = (body: unknown, token?: string) => postFunction(server, 'contact-owner', body, token);
    // An English-speaking visitor writes; their confirmation is in English.
    expect(
      (await call({ assetId: rows[0]!.id, senderEmail: visitor, message: 'I found your camera', language: 'en' }))
        .status,
    ).toBe(200);
    const confirmation = await sink.nextMail(visitor);
    expect(confirmation.subject).toBe('[TagLedger] Confirm your e-mail address to send your message');
    const token = new URL(confirmation.links[0]!).searchParams.get('token');
    expect((await call({ action: 'confirm', token })).status).toBe(200);
    // The French owner reads it in French.
    const relayed = await sink.nextMail(owner.email);
    expect(relayed.subject).toBe('[TagLedger] Un visiteur vous a écrit à propos de votre objet');
    expect(relayed.text).toContain('Son message :');
    expect(relayed.text).toContain('I found your camera');
    // The owner answers; the visitor gets the reply framed in English.
    const { data: messages } = await owner.client.from('asset_messages').select('id');
    expect((await call({ action: 'reply', messageId: messages![0]!.id, reply: 'Merci !' }, owner.token)).status).toBe(
      200,
    );
    const reply = await sink.nextMail(visitor);
    expect(reply.subject).toBe('[TagLedger] Reply about Appareil photo');
    expect(reply.text).toContain('Merci !');
    expect(reply.text).toContain('Reply to this e-mail to answer them directly.');
  });

  it('writes the visitor’s confirmation in French when they wrote from a French page', async () => {
    const owner = await createTestUser(server, {});
    const { rows } = await server.ctx.db.query<{ id: string }>(
      `insert into public.assets (owner_id, submission_id, kind, title, serial_number)
       values ($1, gen_random_uuid(), 'general', 'Bike', $2) returning id`,
      [owner.id, `BIKE-${crypto.randomUUID().slice(0, 6)}`],
    );
    const visitor = email('visiteur');
    const res = await fetch(`${server.url}/functions/v1/contact-owner`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', apikey: server.anonKey },
      body: JSON.stringify({ assetId: rows[0]!.id, senderEmail: visitor, message: 'Bonjour', language: 'fr' }),
    });
    expect(res.status).toBe(200);
    const mail = await sink.nextMail(visitor);
    expect(mail.subject).toBe('[TagLedger] Confirmez votre adresse e-mail pour envoyer votre message');
    expect(mail.text).toContain('rien ne sera envoyé');
    // A language the product does not speak is refused in the API's error shape.
    const bad = await fetch(`${server.url}/functions/v1/contact-owner`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', apikey: server.anonKey },
      body: JSON.stringify({ assetId: rows[0]!.id, senderEmail: visitor, message: 'Hallo', language: 'de' }),
    });
    expect(bad.status).toBe(400);
  });
});
