export * from './api';
export * from './constants';
export * from './forms';
export * from './messages';
export * from './plans';
export * from './pricing';
export * from './purchase';
export * from './routes';
