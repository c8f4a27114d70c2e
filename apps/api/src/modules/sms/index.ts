export { createSmsSender, createHttpSmsTransport, type Sms, type SmsSender, type SmsTransport } from './sms.sender.ts';
export { smsOutbox } from './sms.table.ts';
