import { sql } from 'drizzle-orm';
import type { Seeder } from './index';

/**
 * A short history of verification codes (and the messages that carried them), so /sms_codes is not
 * empty on first start: mostly verified sign-ups and logins, some expired or undelivered, the newest
 * still live. Their hashes are of random values: no seeded code can be verified. None at scale 0.
 */
export const seedSms: Seeder = {
  name: 'sms',
  async run(tx, { log, scale }) {
    if (scale <= 0) return;
    const n = Math.max(20, Math.round(300 * Math.min(scale, 1)));
    await tx.execute(sql`
      WITH ids AS (
        SELECT (SELECT array_agg(id ORDER BY id) FROM passengers WHERE registered) AS p,
               (SELECT array_agg(id ORDER BY id) FROM captains WHERE phone_number IS NOT NULL) AS c
      ), g AS (
        SELECT i,
          CASE WHEN i % 4 = 0 THEN 'captain' ELSE 'passenger' END AS kind,
          CASE WHEN i % 4 = 0 THEN ids.c[1 + (i * 7) % array_length(ids.c, 1)]
               ELSE ids.p[1 + (i * 13) % array_length(ids.p, 1)] END AS recipient_id,
          CASE WHEN i % 10 < 6 THEN 'signup' WHEN i % 10 < 9 THEN 'login' ELSE 'phone_change' END AS purpose,
          CASE WHEN i <= 2 THEN 'sent' WHEN i % 11 = 0 THEN 'failed' WHEN i % 7 = 0 THEN 'expired' ELSE 'verified' END
            AS status,
          date_trunc('second', now()) - (i - 1) * interval '41 minutes' - (i % 5) * interval '1 minute' AS created_at
        FROM generate_series(1, ${n}) AS i, ids
        WHERE ids.p IS NOT NULL AND ids.c IS NOT NULL
      ), r AS (
        SELECT g.*, coalesce(pa.phone_number, ca.phone_number) AS phone
        FROM g
        LEFT JOIN passengers pa ON g.kind = 'passenger' AND pa.id = g.recipient_id
        LEFT JOIN captains ca ON g.kind = 'captain' AND ca.id = g.recipient_id
      ), m AS (
        INSERT INTO outbound_messages (channel, to_phone, body, purpose, status, provider_id, error, attempts,
          created_at, sent_at)
        SELECT 'sms', phone, 'Your verification code is ••••••. It expires in 10 minutes. Never share it.',
          'sms_code.' || purpose,
          CASE WHEN status = 'failed' AND i % 2 = 0 THEN 'failed' ELSE 'sent' END,
          CASE WHEN status = 'failed' AND i % 2 = 0 THEN NULL ELSE 'seed-' || i END,
          CASE WHEN status = 'failed' AND i % 2 = 0 THEN 'SMS gateway answered 400: invalid destination' END,
          1, created_at,
          CASE WHEN status = 'failed' AND i % 2 = 0 THEN NULL ELSE created_at + interval '2 seconds' END
        FROM r
        RETURNING id, to_phone, created_at
      )
      INSERT INTO sms_codes (recipient_kind, recipient_id, phone, code_hash, code_hint, purpose, status, attempts,
        message_id, created_at, expires_at, verified_at)
      SELECT r.kind, r.recipient_id, r.phone, encode(sha256(convert_to(gen_random_uuid()::text, 'UTF8')), 'hex'),
        lpad(((r.i * 37) % 100)::text, 2, '0'), r.purpose, r.status,
        CASE WHEN r.status = 'failed' AND r.i % 2 = 1 THEN 5 WHEN r.status = 'verified' THEN r.i % 2 ELSE 0 END,
        m.id, r.created_at, r.created_at + interval '10 minutes',
        CASE WHEN r.status = 'verified' THEN r.created_at + (20 + r.i % 200) * interval '1 second' END
      FROM r JOIN m ON m.to_phone = r.phone AND m.created_at = r.created_at
      ORDER BY r.i DESC`);
    log(`${n} verification codes`);
  },
};
