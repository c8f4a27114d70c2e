/**
 * Chat ('Contact') rules shared by the server and the portal: the spec's Dutch texts, limits and the
 * out-of-hours rule of the notification. Plain values, no zod, so the web bundle stays small.
 */

export const chatMessages = {
  nameRequired: 'Vul a.u.b. een naam in.',
  emailInvalid: 'Vul een geldig e-mailadres in',
  messageRequired: 'Vul a.u.b. een bericht in.',
  messageTooLong: 'Een bericht heeft maximaal 5000 tekens.',
  nameTooLong: 'Een naam heeft maximaal 100 tekens.',
  sent: 'Bericht verzonden',
  notAvailable: 'Contact is niet beschikbaar voor dit project.',
  conversationNotFound: 'Gesprek niet gevonden',
} as const;

export const CHAT_MESSAGE_MAX_LENGTH = 5000;
export const CHAT_NAME_MAX_LENGTH = 100;
export const CHAT_EMAIL_MAX_LENGTH = 254;
/** Chat list maximum height: the viewport minus this many pixels (spec section 9). */
export const CHAT_LIST_VIEWPORT_OFFSET = 465;
/** Chat textarea rows (spec section 9). */
export const CHAT_TEXTAREA_ROWS = 3;

/** A general e-mail pattern: something@domain.tld without spaces. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
export function isValidEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value) && value.length <= CHAT_EMAIL_MAX_LENGTH;
}

export const CHAT_NOTIFICATION_SHOW = ['on', 'between', 'off'] as const;
export type TChatNotificationShow = (typeof CHAT_NOTIFICATION_SHOW)[number];
export const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
export type TWeekday = (typeof WEEKDAYS)[number];

/** The notification settings the out-of-hours rule reads (hours as 'HH:mm', till may be '24:00'). */
export type ChatNotificationHours = { show: TChatNotificationShow; from_hour: string; till_hour: string } & Record<TWeekday, boolean>;

export const HOUR_PATTERN = /^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/;
export const CHAT_TIME_ZONE = 'Europe/Amsterdam';

const minutesOf = (hour: string): number => {
  const [h, m] = hour.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
};

const wallClock = new Intl.DateTimeFormat('en-US', { timeZone: CHAT_TIME_ZONE, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const SHORT_DAYS: Record<string, TWeekday> = { Sun: 'sunday', Mon: 'monday', Tue: 'tuesday', Wed: 'wednesday', Thu: 'thursday', Fri: 'friday', Sat: 'saturday' };

/** The weekday and minutes since midnight of `at` on the wall clock in Europe/Amsterdam. */
export function amsterdamClock(at: Date): { weekday: TWeekday; minutes: number } {
  const parts = Object.fromEntries(wallClock.formatToParts(at).map((p) => [p.type, p.value]));
  return { weekday: SHORT_DAYS[parts.weekday ?? 'Sun'] ?? 'sunday', minutes: Number(parts.hour) * 60 + Number(parts.minute) };
}

/**
 * Whether `at` falls outside the opening hours: the weekday (in Europe/Amsterdam) is not flagged,
 * or the time is not in [from_hour, till_hour). A till before from spans midnight (22:00-06:00);
 * equal hours mean the whole flagged day.
 */
export function isOutOfHours(hours: ChatNotificationHours, at: Date): boolean {
  const { weekday, minutes } = amsterdamClock(at);
  if (!hours[weekday]) return true;
  const from = minutesOf(hours.from_hour);
  const till = minutesOf(hours.till_hour);
  if (from === till) return false;
  const open = from < till ? minutes >= from && minutes < till : minutes >= from || minutes < till;
  return !open;
}

/** 'on' always shows the notification, 'off' never, 'between' only outside the opening hours. */
export function isNotificationVisible(hours: ChatNotificationHours, at: Date): boolean {
  if (hours.show === 'on') return true;
  if (hours.show === 'off') return false;
  return isOutOfHours(hours, at);
}

/** The chat calls' paths (relative to the API base). */
export const chatPaths = {
  occupant: '/occupant/chat',
  public: (projectId: number, unique?: string | null) => `/public/chat/${projectId}${unique ? `/${unique}` : ''}`,
  partnerInbox: (projectId: number) => `/partner/project/${projectId}/chats`,
  partnerConversation: (conversationId: number) => `/partner/chat/${conversationId}`,
} as const;
