/** Organisation helpers shared by every feature: id lists, the recursive tree queries, name lookups. */
export * from './names.ts';
export * from './sql-lists.ts';
export * from './tree.ts';
