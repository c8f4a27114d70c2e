export { createSigningService, type SigningModule, type SigningServiceDeps } from './signing.service.ts';
export { signingRoutes } from './signing.routes.ts';
export { signingEvents, signingLocalSigners, signingLocalTransactions, signingRequests, signingSigners } from './signing.table.ts';
export type { SigningProvider } from './signing.provider.ts';
export type * from './signing.types.ts';
export { createSmsGate, sendSmsBudgetAlert, type SmsBudgetAlertJob, type SmsCodeLimits } from './signing.sms-limits.ts';
