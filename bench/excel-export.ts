/**
 * Benchmark of the Excel export (crm/records/excel): memory stays flat however many rows go out.
 *
 * Starts the server app in-process on a loopback port against its own database (PGlite in
 * bench/out/excel-pglite, or DATABASE_URL), with the test-only probe kind holding --rows records
 * (100,000 by default; generated when missing). Then exports, over HTTP as a browser would, the
 * first 10 % of them and then all of them, reading the answer as a stream, and samples the
 * process's resident memory every 20 ms: if the export held its rows, the peak would grow with
 * them. The large export runs twice: PGlite's WebAssembly memory grows to its high-water mark
 * once and never shrinks, so the second run shows what an export costs once it is warm.
 * Prints a markdown table; the row count of each file is checked by reading it back.
 *
 *   npx tsx bench/excel-export.ts [--rows 100000]
 *   DATABASE_URL=postgres://... npx tsx bench/excel-export.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { buildApp } from '../packages/server/src/app.ts';
import { loadConfig } from '../packages/server/src/config.ts';
import { queryRows } from '../packages/server/src/core/sql.ts';
import { probeCustomFields, probeServerKind } from '../packages/server/src/crm/records/probe-kind.ts';
import { registerRecordKind } from '../packages/server/src/crm/records/routes.ts';
import { openDatabase } from '../packages/server/src/db/client.ts';
import { DEMO_PASSWORD, seedDemo } from '../packages/server/src/db/seed.ts';
import { localDiskStorage } from '../packages/server/src/files/storage.ts';

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '100000' },
    'data-dir': { type: 'string', default: path.join(import.meta.dirname, 'out/excel-pglite') },
  },
});
const total = Number(values.rows);
const databaseUrl = process.env.DATABASE_URL || undefined;
const dataDir = path.resolve(values['data-dir']);
fs.mkdirSync(dataDir, { recursive: true });
const database = openDatabase({ databaseUrl, dataDir });
await database.migrate();
await seedDemo(database.db);
const { db } = database;

await db.execute(sql`create table if not exists crm_probe (
  probe_id serial primary key,
  probe_name varchar(50) not null,
  amount numeric(12, 2),
  owner_user_id integer,
  create_user_id integer not null,
  fields jsonb not null default '{}',
  batch_id varchar(40) not null unique,
  next_time timestamptz,
  create_time timestamptz not null default now(),
  update_time timestamptz not null default now()
)`);
const [have] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from crm_probe`);
if (Number(have?.n) < total) {
  await db.execute(sql`truncate crm_probe`);
  await db.execute(sql`insert into crm_probe (probe_name, amount, owner_user_id, create_user_id, fields, batch_id)
    select '导出样品' || g, g % 100000, u.user_id, u.user_id,
           jsonb_build_object('field_color', case when g % 2 = 0 then '红' else '蓝' end, 'field_size', g),
           'bench-' || g
    from generate_series(1, ${total}) g, (select user_id from sys_user where username = 'admin') u`);
}

const config = { ...loadConfig({}), webDist: undefined, dataDir };
const app = await buildApp({ db, config, storage: localDiskStorage(path.join(dataDir, 'files')), bus: database.bus });
registerRecordKind(
  app,
  { db, config, storage: localDiskStorage(dataDir), bus: database.bus, registry: app.registry },
  probeServerKind,
  { customFields: async () => probeCustomFields },
);
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

const login = await fetch(`${base}/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ username: 'admin', password: DEMO_PASSWORD, type: 3 }),
});
const token = ((await login.json()) as { data: { 'Admin-Token': string } }).data['Admin-Token'];

const mb = (n: number) => (n / 1024 / 1024).toFixed(0);

async function exportOnce(body: object) {
  (globalThis as { gc?: () => void }).gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  let heapPeak = 0;
  let buffersPeak = 0;
  const timer = setInterval(() => {
    const m = process.memoryUsage();
    peak = Math.max(peak, m.rss);
    heapPeak = Math.max(heapPeak, m.heapUsed);
    buffersPeak = Math.max(buffersPeak, m.arrayBuffers);
  }, 20);
  const started = performance.now();
  const res = await fetch(`${base}/CrmProbe/excelExport`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'admin-token': token },
    body: JSON.stringify(body),
  });
  const file = path.join(dataDir, 'export.xlsx');
  const out = fs.createWriteStream(file);
  let bytes = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    if (!out.write(chunk)) await new Promise<void>((r) => out.once('drain', () => r()));
  }
  await new Promise<void>((r) => out.end(() => r()));
  const ms = performance.now() - started;
  clearInterval(timer);
  peak = Math.max(peak, process.memoryUsage().rss);
  // Read back as a stream, after the measurement.
  let rows = 0;
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(fs.createReadStream(file)), {});
  for await (const sheet of reader) for await (const _ of sheet) rows += 1;
  return { rows: rows - 1, bytes, ms, before, peak, heapPeak, buffersPeak };
}

const tenth = Math.max(1, Math.floor(total / 10));
const results = [
  {
    label: `${tenth.toLocaleString('en')} rows`,
    ...(await exportOnce({ data: { field_size: { condition: 'elt', value: tenth } } })),
  },
  { label: `${total.toLocaleString('en')} rows`, ...(await exportOnce({})) },
  // Again: what the first large export grew (PGlite's WebAssembly memory never shrinks) is reused.
  { label: `${total.toLocaleString('en')} rows, again`, ...(await exportOnce({})) },
];

console.log(`\nExcel export of the probe kind (${database.kind}, node ${process.version})\n`);
console.log('| Export | Rows in file | Size | Time | RSS before | RSS peak | Growth | JS heap peak | Buffers peak |');
console.log('|---|---|---|---|---|---|---|---|---|');
for (const r of results)
  console.log(
    `| ${r.label} | ${r.rows.toLocaleString('en')} | ${mb(r.bytes)} MB | ${(r.ms / 1000).toFixed(1)} s | ${mb(r.before)} MB | ${mb(r.peak)} MB | ${mb(r.peak - r.before)} MB | ${mb(r.heapPeak)} MB | ${mb(r.buffersPeak)} MB |`,
  );
await app.close();
await database.close();
