export * from './analyses.ts';
export * from './contracts.ts';
export * from './measures.ts';
export * from './pages.ts';
export * from './period.ts';
export * from './rfm.ts';
export * from './schemas.ts';
export * from './screen.ts';
