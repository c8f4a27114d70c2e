export * from './common.ts';
export * from './validation.ts';
export * from './auth.ts';
export * from './customer.ts';
export * from './project.ts';
export * from './shell.ts';
export * from './modules.ts';
export * from './versions.ts';
