export { createNotifications, notificationMessagesNl, plainTextOf, type NotificationsService, type NotifyInput, type NotifyTarget } from './notifications.service.ts';
export { createVapidKeys, sendPush, type PushResult, type PushTarget, type VapidKeys } from './notifications.push.ts';
export { notificationsRoutes } from './notifications.routes.ts';
export { afterQuietHours, nextDigest, batchWindowEnd } from './notifications.schedule.ts';
/** What other modules call: `notifications.notify(tx, {...})` in the transaction of the change they announce. */
export type Notifier = { notify(tx: import('../../lib/queryable.ts').Queryable, input: import('./notifications.service.ts').NotifyInput): Promise<void> };
