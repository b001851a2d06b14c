export * from './registry';
export * from './http';
export * from './service';
