export { createPaymentService, type PaymentModule, type PaymentProviderConfig, type PaymentServiceDeps } from './payment.service.ts';
export { paymentRoutes } from './payment.routes.ts';
export { paymentEvents, paymentLocalPayments, payments } from './payment.table.ts';
export type * from './payment.types.ts';
