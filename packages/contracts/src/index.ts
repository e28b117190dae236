export * from './auth.ts';
export * from './billing.ts';
export * from './common.ts';
