export * from './api-client';
export * from './api-error';
export * from './token-store';
export * from './swr';
