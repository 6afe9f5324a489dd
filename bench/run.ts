/**
 * `npm run bench`: every benchmark of suites.ts on PGlite and on a throwaway PostgreSQL 15
 * (scripts/test-postgres.sh), then the tables they print go into RESULTS.md between the
 * `bench:latest` markers, so the next change can be compared with this one.
 *
 *   npm run bench                              # build, everything, both databases (about 15 min)
 *   npm run bench -- --only startup,assets     # some suites
 *   npm run bench -- --db pglite               # one database
 *   npm run bench -- --no-write                # print only
 *
 * Internally the PostgreSQL half re-runs this file as `--inside postgres` under test-postgres.sh.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type Database, type Suite, suites } from './suites.ts';

const benchDir = import.meta.dirname;
const root = path.resolve(benchDir, '..');
const outDir = path.join(benchDir, 'out');
const resultsFile = path.join(benchDir, 'RESULTS.md');
const BEGIN = '<!-- bench:latest:begin (written by `npm run bench`) -->';
const END = '<!-- bench:latest:end -->';
/** The outcomes behind the block, base64 JSON in a comment, for partial runs to merge with. */
const DATA = '<!-- bench:data ';

const { values } = parseArgs({
  options: {
    only: { type: 'string' },
    db: { type: 'string', default: 'both' },
    inside: { type: 'string' },
    'no-write': { type: 'boolean', default: false },
    'no-build': { type: 'boolean', default: false },
  },
});
const only = values.only?.split(',').map((s) => s.trim());
const chosen = suites.filter((s) => !only || only.includes(s.name));
if (only) for (const n of only) if (!suites.some((s) => s.name === n)) throw new Error(`no benchmark named ${n}`);

type Outcome = {
  suite: string;
  database: Database;
  ok: boolean;
  seconds: number;
  tables: string[];
  /** When it ran (UTC minute) and the load average then: a partial run keeps the other rows. */
  at: string;
  load: number;
};

/** Run a command, echo its output, answer what it printed on stdout and its exit status. */
function run(cmd: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<{ out: string; ok: boolean }> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d;
      process.stdout.write(d);
    });
    child.on('close', (code) => resolve({ out, ok: code === 0 }));
  });
}

/** The markdown tables of a benchmark's output: runs of lines starting with `|`. */
function tablesOf(out: string): string[] {
  const tables: string[] = [];
  let current: string[] = [];
  for (const line of [...out.split('\n'), '']) {
    if (line.startsWith('|')) current.push(line);
    else if (current.length) {
      tables.push(current.join('\n'));
      current = [];
    }
  }
  return tables;
}

async function runSuites(database: Database): Promise<Outcome[]> {
  const env = { ...process.env };
  if (database === 'pglite') delete env.DATABASE_URL;
  const outcomes: Outcome[] = [];
  for (const s of chosen.filter((s: Suite) => !s.databases || s.databases.includes(database))) {
    console.log(`\n==> ${s.name} on ${database}`);
    const t0 = performance.now();
    const at = new Date().toISOString().slice(0, 16).replace('T', ' ');
    const load = os.loadavg()[0] ?? 0;
    const { out, ok } = await run(
      process.execPath,
      ['--import', 'tsx', path.join('bench', s.script), ...(s.args ?? [])],
      env,
    );
    const seconds = (performance.now() - t0) / 1000;
    outcomes.push({ suite: s.name, database, ok, seconds, tables: tablesOf(out), at, load });
    console.log(`<== ${s.name} on ${database}: ${ok ? 'ok' : 'FAILED'} in ${seconds.toFixed(0)} s`);
  }
  return outcomes;
}

const outcomesFile = (db: Database) => path.join(outDir, `run-${db}.json`);

if (values.inside) {
  // The PostgreSQL half, inside test-postgres.sh (DATABASE_URL set).
  const db = values.inside as Database;
  const outcomes = await runSuites(db);
  fs.mkdirSync(outDir, { recursive: true });
  fs.writeFileSync(outcomesFile(db), JSON.stringify(outcomes, null, 2));
} else {
  const started = new Date();
  const load = os.loadavg();
  if (!values['no-build']) {
    console.log('==> npm run build (web and server)');
    if (!(await run('npm', ['run', 'build'])).ok) process.exit(1);
  }
  const dbs: Database[] = values.db === 'both' ? ['pglite', 'postgres'] : [values.db as Database];
  const outcomes: Outcome[] = [];
  for (const db of dbs) {
    if (db === 'pglite') outcomes.push(...(await runSuites('pglite')));
    else {
      fs.rmSync(outcomesFile('postgres'), { force: true });
      const args = [
        'scripts/test-postgres.sh',
        process.execPath,
        '--import',
        'tsx',
        'bench/run.ts',
        '--inside',
        'postgres',
      ];
      if (only) args.push('--only', only.join(','));
      await run('bash', args);
      if (fs.existsSync(outcomesFile('postgres')))
        outcomes.push(...(JSON.parse(fs.readFileSync(outcomesFile('postgres'), 'utf8')) as Outcome[]));
      else
        outcomes.push({
          suite: '(PostgreSQL server)',
          database: 'postgres',
          ok: false,
          seconds: 0,
          tables: [],
          at: new Date().toISOString().slice(0, 16).replace('T', ' '),
          load: os.loadavg()[0] ?? 0,
        });
    }
  }
  // A partial run (--only, --db) replaces its own rows and keeps the others of the last run.
  const merged = [
    ...previousOutcomes().filter((p) => !outcomes.some((o) => o.suite === p.suite && o.database === p.database)),
    ...outcomes,
  ];
  const report = render(merged, started, load);
  console.log(`\n${report}`);
  if (!values['no-write']) {
    writeResults(report, merged);
    console.log(`written to ${path.relative(root, resultsFile)}`);
  }
  if (outcomes.some((o) => !o.ok)) process.exit(1);
}

function order(name: string): number {
  const i = suites.findIndex((s) => s.name === name);
  return i < 0 ? suites.length : i;
}

function render(outcomes: Outcome[], started: Date, load: number[]): string {
  const label: Record<Database, string> = {
    pglite: 'PGlite',
    postgres: 'PostgreSQL 15 (throwaway, scripts/test-postgres.sh)',
  };
  const lines = [
    `## Latest run (${started.toISOString().slice(0, 16).replace('T', ' ')} UTC; rows of earlier partial runs keep their time)`,
    '',
    `Machine: ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}; ` +
      `load average ${load.map((l) => l.toFixed(1)).join(' / ')} at the start. Command: \`npm run bench\`.`,
    '',
    '| benchmark | database | result | seconds | ran at (UTC) | load average then |',
    '|---|---|---|---:|---|---:|',
    // In the order of suites.ts, then anything else (a failed PostgreSQL server).
    ...[...outcomes]
      .sort((a, b) => order(a.suite) - order(b.suite) || a.database.localeCompare(b.database))
      .map(
        (o) =>
          `| ${o.suite} | ${label[o.database]} | ${o.ok ? 'ok' : 'FAILED'} | ${o.seconds.toFixed(0)} | ${o.at} | ${o.load.toFixed(1)} |`,
      ),
  ];
  for (const s of suites) {
    const mine = outcomes.filter((o) => o.suite === s.name);
    if (!mine.length) continue;
    lines.push('', `### ${s.title}`);
    for (const o of [...mine].sort((a, b) => a.database.localeCompare(b.database))) {
      lines.push('', `**${label[o.database]}**`);
      for (const t of o.tables) lines.push('', t);
      if (!o.tables.length) lines.push('', '(no table: the benchmark failed, see its output)');
    }
  }
  return lines.join('\n');
}

/** The outcomes stored with the last run (a comment inside the block). */
function previousOutcomes(): Outcome[] {
  const text = fs.readFileSync(resultsFile, 'utf8');
  const at = text.indexOf(DATA);
  if (at < 0) return [];
  const end = text.indexOf(' -->', at);
  try {
    return JSON.parse(Buffer.from(text.slice(at + DATA.length, end), 'base64').toString('utf8')) as Outcome[];
  } catch {
    return [];
  }
}

/** Replace the previous latest run in RESULTS.md; the hand-written sections stay. */
function writeResults(report: string, outcomes: Outcome[]) {
  const text = fs.readFileSync(resultsFile, 'utf8');
  const data = Buffer.from(JSON.stringify(outcomes)).toString('base64');
  const block = `${BEGIN}\n${report}\n\n${DATA}${data} -->\n${END}`;
  const start = text.indexOf(BEGIN);
  const end = text.indexOf(END);
  let next: string;
  if (start >= 0 && end > start) next = text.slice(0, start) + block + text.slice(end + END.length);
  else {
    // First run: right after the introduction, before the dated sections.
    const at = text.indexOf('\n## ');
    next = at >= 0 ? `${text.slice(0, at).trimEnd()}\n\n${block}\n${text.slice(at)}` : `${text}\n\n${block}\n`;
  }
  fs.writeFileSync(resultsFile, next);
}
