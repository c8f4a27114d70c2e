export { createPaymentService, type EntryPayment, type PaymentModule, type PaymentProviderConfig, type PaymentServiceDeps } from './payment.service.ts';
export { paymentRoutes } from './payment.routes.ts';
export { createStaffPaymentsService, paymentAttention, type StaffPaymentsService } from './payment.staff.ts';
export { staffPaymentsRoutes } from './payment.staff.routes.ts';
export { paymentChargebacks, paymentEvents, paymentLocalPayments, paymentLocalRefunds, paymentRefunds, payments } from './payment.table.ts';
export type * from './payment.types.ts';
