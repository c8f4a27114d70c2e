export { workOrderEntries, type WorkOrderStatus } from './work-order.table.ts';
export { createWorkOrderService, type WorkOrderService } from './work-order.service.ts';
export { workOrderRoutes } from './work-order.routes.ts';
export { workOrderStaffRoutes } from './work-order.staff.routes.ts';
