/**
 * Every benchmark `npm run bench` runs, in this order (the first ones generate the large
 * organisation and the approvals the later ones reuse). A benchmark is a script in bench/ that
 * uses DATABASE_URL when set (PostgreSQL) and PGlite in bench/out/pglite otherwise, and prints
 * its results as markdown tables (lines starting with `|`): the runner copies those tables into
 * RESULTS.md. Adding a benchmark is one line here.
 */
export type Database = 'pglite' | 'postgres';

export type Suite = {
  /** Short name for `--only` and the heading in RESULTS.md. */
  name: string;
  title: string;
  /** Path inside bench/. */
  script: string;
  args?: string[];
  /** Where it runs; both when absent. */
  databases?: Database[];
};

export const suites: Suite[] = [
  { name: 'user-list', title: 'User list on 10,000 users', script: 'user-list.ts' },
  { name: 'approvals', title: 'Approvals on 100,000 approvals', script: 'approvals.ts' },
  { name: 'startup', title: 'Start-up time and memory of the compiled server', script: 'startup.ts' },
  { name: 'approval-lists', title: 'Every list endpoint against its own SQL', script: 'approval-lists.ts' },
  { name: 'request-cost', title: 'Per-request cost against a bare HTTP server', script: 'request-cost.ts' },
  { name: 'excel-export', title: 'Excel export of 100,000 records', script: 'excel-export.ts' },
  {
    name: 'serialise',
    title: 'Answer serialisation through the response contracts',
    script: 'serialise.ts',
    databases: ['pglite'],
  },
  {
    name: 'customer-list',
    title: 'Customer list on 1,000,000 customers against its own SQL',
    script: 'customer-list.ts',
  },
  {
    name: 'contract-list',
    title: 'Contract list on 200,000 contracts with product lines: endpoint and function against their SQL',
    script: 'contract-list.ts',
  },
  {
    name: 'money',
    title: 'The money path on 1,000,000 orders and 2,000,000 deal records: cashier, deals, timeline, charging',
    script: 'money-paths.ts',
  },
  { name: 'assets', title: 'Web app JavaScript and CSS (compressed)', script: 'assets.ts', databases: ['pglite'] },
  {
    name: 'chat-sockets',
    title: 'Messaging: concurrent WebSocket clients and delivery latency',
    script: 'chat-sockets.ts',
    databases: ['postgres'],
  },
  // Issue 23 (h-visit23): the board and the station queues on 1,000,000 past visits; live queues.
  {
    name: 'visits-board',
    title: 'The booking board and the station queues on 1,000,000 past visits against their SQL',
    script: 'visits-board.ts',
  },
  {
    name: 'visits-live',
    title: 'Live queues: 200 screens, 50 visit moves a second',
    script: 'visits-live.ts',
    databases: ['postgres'],
  },
  // h-bi3: the statistics overview page's statements and time.
  { name: 'bi-overview', title: 'Statistics: the performance overview page', script: 'bi-overview.ts' },
];
