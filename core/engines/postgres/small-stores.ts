import type { DownloadFile, DownloadStore } from '../../platform/downloads/store.js';
import type { ManifestRecord, ManifestStore } from '../../features/manifests/store.js';
import type { PresetT } from '../../features/presets/schemas.js';
import type { PresetStore } from '../../features/presets/store.js';
import type { RateCardFileT } from '../../features/quote/ratecard-schema.js';
import type { RateCardStore } from '../../features/quote/store.js';
import type { SenderRecord, SenderStore } from '../../features/senders/store.js';
import type { KeyRecord, SigningKeyStore } from '../../features/qr/store.js';
import type { SettingsStore } from '../../features/station/store.js';
import type { ImportMappingInputT, ImportMappingT } from '../../features/imports/schemas.js';
import type { MappingStore } from '../../features/imports/store.js';
import type { LabelTokenStore } from '../../features/labels/store.js';
import type { ScaleConfigT } from '../../features/scale/schemas.js';
import type { ScaleStore } from '../../features/scale/store.js';
import { first, rows, type Sql } from './sql.js';

/**
 * The stores of a few rows each: downloads, manifests, rate cards, senders, presets, settings, signing keys, label
 * tokens, import mappings, the scale setting.
 */

const FILE = 'id, kind, file, expires_at, bytes';

export function pgDownloadStore(sql: Sql): DownloadStore {
  return {
    async insert(d) {
      await sql.query(
        `INSERT INTO label_files (secret_hash, account_id, kind, codes, format, file, created_at, expires_at, doc_key, secret, bytes)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
        [
          d.secret_hash,
          d.account_id,
          d.kind,
          JSON.stringify(d.codes),
          d.format,
          d.file,
          d.created_at,
          d.expires_at,
          d.doc_key,
          d.secret,
          d.bytes,
        ],
      );
    },
    reusable: (accountId, docKey, until) =>
      first<{ secret: string; file: string }>(
        sql,
        `SELECT secret, file FROM label_files WHERE account_id = $1 AND kind = 'label' AND md5(doc_key) = md5($2)
         AND doc_key = $2 AND secret IS NOT NULL AND expires_at > $3 ORDER BY expires_at DESC LIMIT 1`,
        [accountId, docKey, until],
      ),
    labelBytes: async () =>
      Number(
        (await first<{ n: string }>(sql, `SELECT coalesce(sum(bytes), 0) AS n FROM label_files WHERE kind = 'label'`))!
          .n,
      ),
    oldestLabels: () =>
      rows<DownloadFile>(sql, `SELECT ${FILE} FROM label_files WHERE kind = 'label' ORDER BY created_at, id`),
    byHash: (hash) => first<DownloadFile>(sql, `SELECT ${FILE} FROM label_files WHERE secret_hash = $1`, [hash]),
    expired: (now) => rows<DownloadFile>(sql, `SELECT ${FILE} FROM label_files WHERE expires_at <= $1`, [now]),
    async remove(id) {
      await sql.query('DELETE FROM label_files WHERE id = $1', [id]);
    },
  };
}

export function pgManifestStore(sql: Sql): ManifestStore {
  return {
    async insert(m, shipmentIds) {
      const id = (await first<{ id: number }>(
        sql,
        'INSERT INTO manifests (account_id, created_at, shipments, pieces, weight) VALUES ($1, $2, $3, $4, $5) RETURNING id',
        [m.account_id, m.created_at, m.shipments, m.pieces, m.weight],
      ))!.id;
      await sql.query(
        `INSERT INTO manifest_items (manifest_id, position, shipment_id)
         SELECT $1, n, s FROM unnest($2::bigint[]) WITH ORDINALITY AS x(s, n)`,
        [id, shipmentIds],
      );
      return id;
    },
    byId: (accountId, id) =>
      first<ManifestRecord>(sql, 'SELECT * FROM manifests WHERE id = $1 AND account_id = $2', [id, accountId]),
    shipmentIds: async (id) =>
      (
        await rows<{ shipment_id: number }>(
          sql,
          'SELECT shipment_id FROM manifest_items WHERE manifest_id = $1 ORDER BY position',
          [id],
        )
      ).map((r) => r.shipment_id),
  };
}

export function pgRateCardStore(sql: Sql): RateCardStore {
  return {
    activeId: async () => (await first<{ id: number }>(sql, 'SELECT id FROM rate_cards WHERE active'))?.id ?? null,
    byId: async (id) => {
      const r = await first<{ id: number; version: string; body: RateCardFileT; source: string; imported_at: number }>(
        sql,
        'SELECT id, version, body, source, imported_at FROM rate_cards WHERE id = $1',
        [id],
      );
      return r && { id: r.id, version: r.version, card: r.body, source: r.source, imported_at: r.imported_at };
    },
    isEmpty: async () => (await first(sql, 'SELECT 1 FROM rate_cards LIMIT 1')) === undefined,
    async activate(card, source, at) {
      // One import at a time, across stations: exactly one card stays active.
      if (sql.inTransaction) await sql.query('SELECT pg_advisory_xact_lock(21)');
      await sql.query('UPDATE rate_cards SET active = false WHERE active');
      return (await first<{ id: number }>(
        sql,
        'INSERT INTO rate_cards (version, body, source, imported_at, active) VALUES ($1, $2, $3, $4, true) RETURNING id',
        [card.version, card, source, at],
      ))!.id;
    },
  };
}

export function pgSenderStore(sql: Sql): SenderStore {
  const COLUMNS = 'id, account_id, label, is_default, contact, address';
  return {
    list: (accountId) =>
      rows<SenderRecord>(
        sql,
        `SELECT ${COLUMNS} FROM senders WHERE account_id = $1 ORDER BY is_default DESC, lower(label), id`,
        [accountId],
      ),
    byId: (accountId, id) =>
      first<SenderRecord>(sql, `SELECT ${COLUMNS} FROM senders WHERE account_id = $1 AND id = $2`, [accountId, id]),
    idOfLabel: async (accountId, label) =>
      (
        await first<{ id: number }>(sql, 'SELECT id FROM senders WHERE account_id = $1 AND label = $2', [
          accountId,
          label,
        ])
      )?.id,
    count: async (accountId) =>
      (await first<{ n: number }>(sql, 'SELECT count(*) AS n FROM senders WHERE account_id = $1', [accountId]))!.n,
    insert: async (accountId, v, now) =>
      (await first<{ id: number }>(
        sql,
        `INSERT INTO senders (account_id, label, is_default, contact, address, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $6) RETURNING id`,
        [accountId, v.label, v.is_default, v.contact, v.address, now],
      ))!.id,
    async update(accountId, id, v, now) {
      await sql.query(
        `UPDATE senders SET label = $3, is_default = $4, contact = $5, address = $6, updated_at = $7
         WHERE account_id = $1 AND id = $2`,
        [accountId, id, v.label, v.is_default, v.contact, v.address, now],
      );
    },
    async clearDefault(accountId, now) {
      await sql.query('UPDATE senders SET is_default = false, updated_at = $2 WHERE account_id = $1 AND is_default', [
        accountId,
        now,
      ]);
    },
    async setDefault(id, now) {
      await sql.query('UPDATE senders SET is_default = true, updated_at = $2 WHERE id = $1', [id, now]);
    },
    async remove(accountId, id) {
      await sql.query('DELETE FROM senders WHERE account_id = $1 AND id = $2', [accountId, id]);
    },
  };
}

export function pgPresetStore(sql: Sql): PresetStore {
  const COLUMNS = 'id, name, key, length, width, height, weight';
  const preset = (r: PresetT & { weight: number | null }): PresetT => {
    const { weight, ...rest } = r;
    return weight === null ? rest : { ...rest, weight };
  };
  return {
    list: async (accountId) =>
      (
        await rows<PresetT & { weight: number | null }>(
          sql,
          `SELECT ${COLUMNS} FROM package_presets WHERE account_id = $1 ORDER BY key`,
          [accountId],
        )
      ).map(preset),
    byId: async (accountId, id) => {
      const r = await first<PresetT & { weight: number | null }>(
        sql,
        `SELECT ${COLUMNS} FROM package_presets WHERE account_id = $1 AND id = $2`,
        [accountId, id],
      );
      return r && preset(r);
    },
    idOfKey: async (accountId, key) =>
      (
        await first<{ id: number }>(sql, 'SELECT id FROM package_presets WHERE account_id = $1 AND key = $2', [
          accountId,
          key,
        ])
      )?.id,
    insert: async (accountId, p, now) =>
      (await first<{ id: number }>(
        sql,
        `INSERT INTO package_presets (account_id, name, key, length, width, height, weight, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8) RETURNING id`,
        [accountId, p.name, p.key, p.length, p.width, p.height, p.weight ?? null, now],
      ))!.id,
    async update(accountId, id, p, now) {
      await sql.query(
        `UPDATE package_presets SET name = $3, key = $4, length = $5, width = $6, height = $7, weight = $8, updated_at = $9
         WHERE account_id = $1 AND id = $2`,
        [accountId, id, p.name, p.key, p.length, p.width, p.height, p.weight ?? null, now],
      );
    },
    async remove(accountId, id) {
      await sql.query('DELETE FROM package_presets WHERE account_id = $1 AND id = $2', [accountId, id]);
    },
  };
}

export function pgSettingsStore(sql: Sql): SettingsStore {
  return {
    get: async (key) =>
      (await first<{ value: string }>(sql, 'SELECT value FROM settings WHERE key = $1', [key]))?.value,
    async put(key, value) {
      await sql.query(
        'INSERT INTO settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
        [key, value],
      );
    },
    async remove(key) {
      await sql.query('DELETE FROM settings WHERE key = $1', [key]);
    },
  };
}

/** The label signing keys every station of the database signs with and publishes. */
export function pgSigningKeyStore(sql: Sql): SigningKeyStore {
  return {
    async all() {
      // Inside a transaction, what is decided from the keys (make the first one) is decided by one station at a time.
      if (sql.inTransaction) await sql.query('SELECT pg_advisory_xact_lock(22)');
      return rows<KeyRecord>(sql, 'SELECT kid, created_at, retired_at, jwk FROM signing_keys ORDER BY created_at, kid');
    },
    async save(r) {
      await sql.query(
        `INSERT INTO signing_keys (kid, created_at, retired_at, jwk) VALUES ($1, $2, $3, $4)
         ON CONFLICT (kid) DO UPDATE SET retired_at = excluded.retired_at`,
        [r.kid, r.created_at, r.retired_at, r.jwk],
      );
    },
  };
}

export function pgLabelTokenStore(sql: Sql): LabelTokenStore {
  return {
    token: async (shipmentId) =>
      (await first<{ token: string }>(sql, 'SELECT token FROM label_tokens WHERE shipment_id = $1', [shipmentId]))
        ?.token,
    async fix(shipmentId, token, replacing) {
      // Written where none is, or over the very one the caller saw; a concurrent first label waits for the other's
      // commit here and then keeps its token.
      await sql.query(
        `INSERT INTO label_tokens (shipment_id, token) VALUES ($1, $2)
         ON CONFLICT (shipment_id) DO UPDATE SET token = excluded.token WHERE label_tokens.token = $3`,
        [shipmentId, token, replacing],
      );
    },
  };
}

export function pgMappingStore(sql: Sql): MappingStore {
  const view = (r: { name: string; definition: ImportMappingInputT }): ImportMappingT => ({
    name: r.name,
    ...r.definition,
  });
  type Row = { name: string; definition: ImportMappingInputT };
  return {
    list: async (accountId) =>
      (
        await rows<Row>(sql, 'SELECT name, definition FROM import_mappings WHERE account_id = $1 ORDER BY name', [
          accountId,
        ])
      ).map(view),
    async get(accountId, name) {
      const r = await first<Row>(
        sql,
        'SELECT name, definition FROM import_mappings WHERE account_id = $1 AND name = $2',
        [accountId, name],
      );
      return r && view(r);
    },
    async save(accountId, name, m, now) {
      await sql.query(
        `INSERT INTO import_mappings (account_id, name, definition, created_at, updated_at) VALUES ($1, $2, $3, $4, $4)
         ON CONFLICT (account_id, name) DO UPDATE SET definition = excluded.definition, updated_at = excluded.updated_at`,
        [accountId, name, JSON.stringify(m), now],
      );
    },
    remove: async (accountId, name) =>
      ((await sql.query('DELETE FROM import_mappings WHERE account_id = $1 AND name = $2', [accountId, name]))
        .rowCount ?? 0) > 0,
  };
}

/** The scale setting: a row of the settings table, its value JSON. */
export function pgScaleStore(sql: Sql): ScaleStore {
  const settings = pgSettingsStore(sql);
  return {
    async get() {
      const value = await settings.get('scale');
      return value === undefined ? null : (JSON.parse(value) as ScaleConfigT);
    },
    async set(config) {
      if (config) await settings.put('scale', JSON.stringify(config));
      else await settings.remove('scale');
    },
  };
}
