export * from './constants';
export * from './enums';
export * from './validation';
export * from './common';
export * from './auth';
export * from './teams';
export * from './dashboard';
