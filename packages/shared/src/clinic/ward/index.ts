// The bed log (issue 23, h-visit23).
export * from './bed-log.ts';
export * from './follow-up.ts';
export * from './schemas.ts';
export * from './states.ts';
