export * from './api';
export * from './constants';
export * from './messages';
export * from './plans';
export * from './text';
export * from './service-responses';
