export * from './engine';
export * from './types';
export * from './voucher';
