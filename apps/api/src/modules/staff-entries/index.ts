export { answerCell, answerColumns, createStaffEntriesService, reopenRefusal, type StaffEntriesService } from './staff-entries.service.ts';
export { staffEntriesRoutes } from './staff-entries.routes.ts';
export { staffExports } from './staff-entries.table.ts';
export { countUnanswered, type FormScope } from './staff-entries.repository.ts';
