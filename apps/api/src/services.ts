import path from 'node:path';
import type { Db } from './db/client.ts';
import type { Env } from './plugins/env.ts';
import type { InvalidationBus } from './lib/invalidation.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { createRateLimiter } from './modules/auth/rate-limit.ts';
import { createLoginGuard } from './modules/auth/login-guard.ts';
import { createSessionStore } from './modules/auth/session.store.ts';
import { createCustomerService } from './modules/customer/customer.service.ts';
import { createMailer } from './modules/mail/mailer.ts';
import { createNewItemRegistry } from './modules/project/new-items.ts';
import { createProjectService } from './modules/project/project.service.ts';
import { createReaders } from './lib/content.ts';
import { createSecrets } from './lib/secrets.ts';
import { configureImageWork, createFilesService, createLocalStorage, createS3Storage } from './modules/files/index.ts';
import { createReadsService } from './modules/reads/index.ts';
import { announceNews, createNewsService } from './modules/news/index.ts';
import { createComplaintsService } from './modules/complaints/index.ts';
import { createInformationService } from './modules/information/index.ts';
import { announcePlanning, createScheduleService } from './modules/schedule/index.ts';
import { createWorkOrderService } from './modules/work-order/index.ts';
import { createPartnersService } from './modules/partners/index.ts';
import { createDocumentsService } from './modules/documents/index.ts';
import { createDossierService } from './modules/dossier/index.ts';
import { createContactsService } from './modules/contacts/index.ts';
import { createSmsSender } from './modules/sms/index.ts';
import { createAppointmentMessaging, createAppointmentService, createWaitlist, type NoticeJob } from './modules/appointment/index.ts';
import { createPlannerService } from './modules/staff-appointments/index.ts';
import { changeLog } from './lib/change-log.ts';
import { createHouseholdService } from './modules/household/index.ts';
import { createChatService } from './modules/chat/chat.service.ts';
import { createChatInboxService } from './modules/chat/chat.inbox.service.ts';
import { createSurveyService, findSurvey } from './modules/survey/index.ts';
import { createSigningService, createSmsGate, sendSmsBudgetAlert, type SmsBudgetAlertJob } from './modules/signing/index.ts';
import { createFormEngine, findForm, findMenu } from './modules/form-engine/index.ts';
import { createGenericFormService } from './modules/generic-form/index.ts';
import { createIntakeService } from './modules/intake/index.ts';
import { createConsentCampaign, createConsentLetters, createSupportBaseService } from './modules/support-base/index.ts';
import { createPaymentService, createStaffPaymentsService } from './modules/payment/index.ts';
import { createChoiceFormService } from './modules/choice-form/index.ts';
import type { JobHandlers, JobQueue } from './modules/jobs/index.ts';
import { createStaffAccess } from './modules/staff/staff-access.ts';
import { createAuditService } from './modules/audit/audit.service.ts';
import { createProjectOverview, createStaffProjectsService } from './modules/staff-projects/index.ts';
import { createStaffContent } from './modules/staff-content/index.ts';
import { createStaffAddressesService } from './modules/staff-addresses/index.ts';
import { createStaffEntriesService } from './modules/staff-entries/index.ts';
import { createPersonalDataService } from './modules/personal-data/index.ts';
import { createFormNotices, createStaffFormsService } from './modules/staff-forms/index.ts';
import { createAppointmentTypesService, regenerateAllSlots } from './modules/staff-appointments/index.ts';
import { createStaffSurveysService } from './modules/staff-surveys/index.ts';
import { createStaffSurveyResults } from './modules/staff-surveys/index.ts';
import { createStaffAuthService, type StaffCodeAlertJob, type StaffMailJob } from './modules/staff/staff-auth.service.ts';
import { createStaffAccountsService } from './modules/staff/staff-accounts.service.ts';
import { sweepExpiredAuthRows } from './modules/auth/auth.sweep.ts';
import { createRetentionService } from './modules/retention/index.ts';
import { createNotifications, createVapidKeys, type NotifyTarget } from './modules/notifications/index.ts';

export type ServiceDeps = { db: Db; bus: InvalidationBus; env: Env; jobs: JobQueue; log: (error: unknown, msg: string) => void };

/** Wires the domain services together: small factories, no container. */
export function createServices({ db, bus, env, jobs, log }: ServiceDeps) {
  const apiUrl = `${env.publicUrl}/api`;
  const sessions = createSessionStore(db, bus, { days: env.SESSION_DAYS });
  const customers = createCustomerService(db, bus, apiUrl, { mapTileUrl: env.MAP_TILE_URL });
  const newItems = createNewItemRegistry();
  const projects = createProjectService(db, bus, newItems);
  const mailer = createMailer(db, env);
  const limiter = createRateLimiter(db);
  const secrets = createSecrets(db);
  const sms = createSmsSender(db, env);
  // The change log the console's overview, planner, entry counts and notification reach keep their reads of a project
  // against (lib/change-log.ts, migrations 0043 and 0044).
  const projectChanges = changeLog(db, 'project_changes');
  // Notifications (issue 19): the one module that tells residents anything (e-mail, SMS, web push), as jobs.
  const notifications = createNotifications({
    db, jobs, secrets, mailer, sms, changes: projectChanges, vapid: createVapidKeys(db), publicUrl: env.publicUrl, mailFrom: env.MAIL_FROM, batchSeconds: env.NOTIFY_BATCH_SECONDS,
    quietHours: env.NOTIFY_QUIET_HOURS === 'on', allowLocalPushEndpoints: env.PUSH_ALLOW_LOCAL_ENDPOINTS, log,
  });
  // Content modules (issue 3): files with per-module read rules, read marks behind nr_of_new_items.
  // Files in an S3-compatible bucket when S3_BUCKET is set (shared by every process), else on local disk.
  const storage = env.s3 ? createS3Storage(env.s3) : createLocalStorage(path.join(env.dataDir, 'files'));
  const files = createFilesService(db, storage, { secrets, minutes: env.FILE_LINK_MINUTES });
  configureImageWork({ workers: env.IMAGE_WORKERS, waiting: env.IMAGE_QUEUE_MAX }); // per process, as the cores it guards
  const reads = createReadsService(db, projects);
  const readers = createReaders(projects);
  const contentDeps = { db, files, reads, newItems, projects };
  const news = createNewsService(contentDeps);
  const complaints = createComplaintsService(contentDeps);
  const information = createInformationService(contentDeps);
  const schedule = createScheduleService(contentDeps);
  const workOrder = createWorkOrderService(contentDeps);
  const partners = createPartnersService(contentDeps);
  const documents = createDocumentsService(contentDeps);
  const dossier = createDossierService({
    ...contentDeps, mailer, limiter, log, notifications, publicUrl: env.publicUrl, maxAttachmentBytes: env.DOSSIER_MAIL_MAX_BYTES,
  });
  const contacts = createContactsService(contentDeps);
  const loginGuard = createLoginGuard(db, limiter, secrets, {
    perAccountClient: env.RATE_LIMIT_ACCOUNT_MAX, perClient: env.RATE_LIMIT_CLIENT_MAX, slowAfter: env.RATE_LIMIT_ACCOUNT_MAX,
    spacingMs: env.LOGIN_SLOWDOWN_MS, maxWaitMs: 10_000, secureCookie: env.publicUrl.startsWith('https:'),
  });
  const auth = createAuthService({
    db, sessions, limiter, mailer, projects, jobs, guard: loginGuard, publicUrl: env.publicUrl, apiUrl, log,
    limits: { account: env.RATE_LIMIT_ACCOUNT_MAX, client: env.RATE_LIMIT_CLIENT_MAX },
  });
  const surveys = createSurveyService({
    db, projects, limiter, newItems, files, log, limits: { client: env.RATE_LIMIT_CLIENT_MAX }, photoMaxBytes: env.SURVEY_PHOTO_MAX_BYTES,
  });
  const chat = createChatService({ db, projects, limiter, newItems, limits: { client: env.RATE_LIMIT_CLIENT_MAX, conversation: env.CHAT_RATE_LIMIT_MAX } });
  const appointments = createAppointmentService({
    db, projects, newItems, mailer, sms, log, confirmationLimiter: createRateLimiter(db, 24 * 3600),
    limits: { perAddress: env.CONFIRMATION_MAX_PER_ADDRESS, perRecipient: env.CONFIRMATION_MAX_PER_RECIPIENT },
  });
  // The waiting lists of appointment types, and the residents' notices and reminders (issue 17): a place a resident frees goes to the list.
  const waitlist = createWaitlist({ db, jobs, log });
  appointments.onPlaceFreed((planningId) => waitlist.freed(planningId));
  const appointmentMessaging = createAppointmentMessaging({ db, mailer, sms, notifications, publicUrl: env.publicUrl, log });
  const household = createHouseholdService({
    db, sessions, limiter, jobs, mailer, publicUrl: env.publicUrl, limits: { account: env.RATE_LIMIT_ACCOUNT_MAX, client: env.RATE_LIMIT_CLIENT_MAX },
  });
  // Legal signing (issue 8): Signhost (a postback makes the portal ask the provider; reconciliation as a job), or the local provider's sign page when chosen or with the demo (else off); postbacks through jobs.
  const signing = createSigningService({
    db, files, jobs, secrets, sms, dossier, publicUrl: env.publicUrl, signhost: env.signhost, log, localEnabled: env.SIGNING_PROVIDER === 'local',
    // SMS pumping: codes per number and entry per hour and day, and an hourly budget per customer.
    smsGate: createSmsGate({
      db, jobs, log,
      limits: {
        perNumberHour: env.SMS_CODE_MAX_PER_NUMBER_HOUR, perNumberDay: env.SMS_CODE_MAX_PER_NUMBER_DAY, perEntryHour: env.SMS_CODE_MAX_PER_ENTRY_HOUR,
        perEntryDay: env.SMS_CODE_MAX_PER_ENTRY_DAY, budgetPerCustomerHour: env.SMS_BUDGET_PER_CUSTOMER_HOUR,
      },
    }),
  });
  // The form engine (issue 8): what generic, intake, support-base and choice forms share.
  const formEngine = createFormEngine({ db, files, log });
  const genericForms = createGenericFormService({
    db, projects, limiter, files, jobs, mailer, engine: formEngine, signing, log, limits: { client: env.RATE_LIMIT_CLIENT_MAX },
  });
  const intake = createIntakeService({ db, projects, engine: formEngine });
  // Support-base (consent) forms and the 70% tally (issue 9): on the form engine and signing; the dashboard's progress text is computed.
  // The audit log (issue 10, 15): console actions and paper consent.
  const audit = createAuditService(db);
  const supportBase = createSupportBaseService({ db, projects, files, engine: formEngine, signing, sessions, jobs, mailer, audit, log });
  projects.useSupportBaseProgress(supportBase.progressText);
  // Online payment (issue 9): Mollie, or the local test checkout when chosen or with the demo (else off); webhooks through jobs.
  const payments = createPaymentService({
    db, jobs, projects, publicUrl: env.publicUrl, log, notifications,
    provider: env.PAYMENT_PROVIDER === 'mollie' ? { name: 'mollie', apiKey: env.MOLLIE_API_KEY!, apiEndpoint: env.MOLLIE_API_ENDPOINT } : { name: env.PAYMENT_PROVIDER },
  });
  // Choice forms (issue 9): on the form engine, signing and payment.
  const choiceForms = createChoiceFormService({ db, projects, files, engine: formEngine, signing, payments, jobs, mailer });
  // The staff console (issue 10): console sessions, access per customer and project, the audit log.
  const staffAccess = createStaffAccess(db, projects);
  const staffProjects = createStaffProjectsService({ db, files, jobs, customers, projects, audit, access: staffAccess });
  const staffContent = createStaffContent({ db, files, projects, jobs, audit });
  // Published news and planning tell the project's residents (issue 19).
  staffContent.publishing.register('news', announceNews(notifications));
  staffContent.publishing.register('schedule', announcePlanning(notifications));
  const staffAddresses = createStaffAddressesService({
    db, staffAccess, audit, auth, sessions, projects, publicUrl: env.publicUrl, activationCodeDays: env.ACTIVATION_CODE_DAYS,
  });
  // The entries of every form and their exports (issue 16).
  const staffEntries = createStaffEntriesService({ db, audit, engine: formEngine, payments, files, jobs, log, changes: projectChanges });
  // Residents' rights (issue 20): exports of personal data (job 'personal-data-export') and erasure.
  const personalData = createPersonalDataService({ db, audit, files, jobs, mailer, bus, publicUrl: env.publicUrl, log });
  const staffPayments = createStaffPaymentsService({ db, staffAccess, audit, payments });
  // The appointment planner (issue 17).
  const planner = createPlannerService({ db, audit, jobs, waitlist, changes: projectChanges });
  const staffForms = createStaffFormsService({ db, files, audit, access: staffAccess });
  const formNotices = createFormNotices({ db, notifications });
  // Appointment types and their availability rules (issue 17); slots made on save and by the nightly job 'appointment-slots'.
  const appointmentTypes = createAppointmentTypesService({ db, staffAccess, audit });
  // The project's overview (issue 17): what needs attention, from the tally, entries, payments, chat and appointments.
  const projectOverview = createProjectOverview({ db, access: staffAccess, tally: supportBase.tally, changes: projectChanges });
  // The console's survey builder (issue 17).
  const staffSurveys = createStaffSurveysService({ db, audit, access: staffAccess, projects });
  const staffSurveyResults = createStaffSurveyResults({ db, staffAccess });
  const consentLetters = createConsentLetters({ db, staffAccess, audit, tally: supportBase.tally, publicUrl: env.publicUrl });
  // The consent campaign (issue 16): the tally per unit, 70% milestones, notices, reminders (job 'consent-reminders'), evidence packs.
  const consentCampaign = createConsentCampaign({
    db, staffAccess, audit, tally: supportBase.tally, notifications, files, publicUrl: env.publicUrl, log,
    limiter: { day: createRateLimiter(db, 24 * 3600), hour: createRateLimiter(db, 3600) }, smsBudgetPerCustomerHour: env.SMS_BUDGET_PER_CUSTOMER_HOUR,
  });
  // The team inbox in the console (issue 17): answers, notes, assignment, saved replies, the answer e-mail (job 'chat-answer-mail').
  const chatInbox = createChatInboxService({ db, audit, jobs, mailer, notifications, projects, publicUrl: env.publicUrl });
  const staffAuth = createStaffAuthService({
    db, bus, sessions, secrets, guard: loginGuard, limiter, audit, jobs, mailer, publicUrl: env.publicUrl,
    limits: { client: env.RATE_LIMIT_CLIENT_MAX, account: env.RATE_LIMIT_ACCOUNT_MAX, codeSlowAfter: env.TOTP_SLOWDOWN_AFTER, codeSpacingMs: env.TOTP_SLOWDOWN_MS },
  });
  // Retention (issue 20): the policy per customer and project, the confirmation before a project's first deletion, the daily job 'retention'.
  const retention = createRetentionService({ db, storage: files.storage, jobs, audit, access: staffAccess, log });
  const staffAccounts = createStaffAccountsService({ db, bus, sessions, audit, customers, staffAuth, projects });
  // What the id of a public route belongs to (plugins/public-scope.ts: public routes answer for the host's customer only).
  const publicProjectOf = {
    survey: async (id: number) => (await findSurvey(db, id))?.projectId ?? null,
    form: async (id: number) => (await findForm(db, id))?.projectId ?? null,
    'form-menu': async (id: number) => (await findMenu(db, id))?.projectId ?? null,
  };
  return { db, bus, env, jobs, secrets, projectChanges, publicProjectOf, staffAccess, audit, retention, staffProjects, staffContent, staffAuth, staffAccounts, staffAddresses, staffEntries, personalData, staffPayments, staffForms, formNotices, appointmentTypes, projectOverview, staffSurveys, staffSurveyResults, consentLetters, consentCampaign, sessions, customers, newItems, projects, mailer, limiter, auth,
    files, reads, readers, news, complaints, information, schedule, workOrder, partners, documents, dossier, contacts,
    chat, chatInbox, sms, appointments, household, waitlist, appointmentMessaging, planner,
    surveys, signing, formEngine, genericForms, intake, payments, choiceForms, supportBase, notifications };
}
export type Services = ReturnType<typeof createServices>;

/** What each background job does (see modules/jobs). */
export function jobHandlers(services: Services): JobHandlers {
  return {
    'password-reset': async (payload) => services.auth.sendPasswordReset(Number(payload.customerId), String(payload.username)),
    'household-mail': async (payload) => services.household.sendMail(payload),
    'signing-local-postback': async (payload) => services.signing.local.deliverPostback(String(payload.transactionId)),
    'signing-progress': async (payload) => services.signing.announceProgress(Number(payload.requestId)),
    'signing-documents': async (payload) => services.signing.fetchSignedDocuments(Number(payload.requestId)),
    'signing-check': async (payload) => services.signing.checkRequest(Number(payload.requestId), payload.eventId === undefined ? undefined : Number(payload.eventId)),
    'signing-reconcile': async () => {
      await services.signing.reconcile();
    },
    'signing-cancel': async (payload) => services.signing.cancelAtProvider(Number(payload.requestId), String(payload.reason ?? '')),
    'form-email': async (payload) => services.genericForms.sendEmail(payload),
    'choice-form-email': async (payload) => services.choiceForms.sendEmail(payload),
    'support-base-mail': async (payload) => services.supportBase.sendMail(payload),
    'payment-local-webhook': async (payload) => services.payments.local.deliverWebhook(String(payload.id)),
    'payment-local-refund': async (payload) => services.payments.local.settleRefund(String(payload.id)),
    'payment-status': async (payload) => services.payments.announceStatus(Number(payload.paymentId)),
    'payment-reconcile': async () => {
      await services.payments.reconcile();
    },
    'staff-mail': async (payload) => services.staffAuth.sendPasswordMail(payload as StaffMailJob),
    'staff-code-alert': async (payload) => services.staffAuth.sendCodeAlert(payload as StaffCodeAlertJob),
    'sms-budget-alert': async (payload) => sendSmsBudgetAlert(services.db, services.mailer, payload as SmsBudgetAlertJob),
    'consent-reminders': async () => {
      await services.consentCampaign.runJob();
    },
    'content-published': async (payload) => {
      const projectId = Number(payload.projectId);
      await services.db.transaction((tx) => services.staffContent.publishing.published(tx, projectId, payload.key === undefined ? undefined : String(payload.key)));
      await services.staffContent.publishing.announce(projectId);
    },
    'staff-export': async (payload) => services.staffEntries.runExport(payload),
    'personal-data-export': async (payload) => services.personalData.runExport(payload),
    'appointment-notice': async (payload) => services.appointmentMessaging.sendNotice(payload as NoticeJob),
    'appointment-reminders': async () => {
      await services.appointmentMessaging.sendReminders();
      await services.waitlist.fillAll();
    },
    'appointment-slots': async () => {
      await regenerateAllSlots(services.db);
    },
    'chat-answer-mail': async (payload) => services.chatInbox.sendAnswerMail(payload),
    retention: async (payload) => services.retention.run(payload.projectId === undefined ? {} : { projectId: Number(payload.projectId) }),
    'files-delete': async (payload) => services.retention.removeFiles(Array.isArray(payload.keys) ? payload.keys.map(String) : []),
    'notify-fanout': async (payload) => {
      await services.notifications.fanOut(Number(payload.messageId), payload.to as NotifyTarget, payload.channels as Array<'email' | 'push' | 'sms'> | undefined);
    },
    'notify-send': async (payload) => {
      await services.notifications.send(Number(payload.occupantId), String(payload.channel) as 'email' | 'push' | 'sms');
    },
    'notification-digest': async () => {
      await services.notifications.collect();
    },
    'form-notices': async () => {
      await services.formNotices.run();
    },
    sweep: async () => {
      await sweepExpiredAuthRows(services.db);
      await services.surveys.sweepAbandonedPhotos();
      await services.staffEntries.sweepExpired();
      await services.personalData.sweepExpired();
      await services.supportBase.tally.sweepChanges();
      await services.projectChanges.sweep();
    },
  };
}
