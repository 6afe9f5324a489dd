// 会员卡号 (issue 23, h-visit23).
export * from './card.ts';
export * from './live.ts';
export * from './messages.ts';
export * from './permissions.ts';
// The visit list, a visit's story and the customer archive (issue 23, h-records).
export * from './record.ts';
export * from './record-permissions.ts';
export * from './rules.ts';
export * from './schemas.ts';
export * from './states.ts';
// The consultation room and live queues (h-witness).
export * from './witness.ts';
